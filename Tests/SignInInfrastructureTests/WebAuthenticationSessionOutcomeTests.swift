import Foundation
import SignInDomain
import SignInInfrastructure
import Testing

@Suite("WebAuthenticationSessionOutcome")
struct WebAuthenticationSessionOutcomeTests {
    let provider = ProviderType(rawValue: "oidc.corp")
    let domain = WebAuthenticationSessionOutcome.errorDomain

    func result(_ error: NSError?, url: URL? = nil) -> Result<URL?, AuthError> {
        WebAuthenticationSessionOutcome.result(url: url, error: error, provider: provider)
    }

    @Test("the redirect is the answer; the user's cancel (1) is no answer, not an error")
    func answers() throws {
        let redirect = try #require(URL(string: "com.example.app:/oauth2redirect?code=c"))
        #expect(try result(nil, url: redirect).get() == redirect)
        #expect(try result(NSError(domain: domain, code: 1)).get() == nil)
    }

    @Test("no window to show the sheet over (2, 3) says so", arguments: [2, 3])
    func noWindow(code: Int) {
        #expect(
            result(NSError(domain: domain, code: code))
                == .failure(
                    .uiClientFailed(
                        provider, reason: "no window to show the sheet over (ASWebAuthenticationSessionError \(code))"))
        )
    }

    @Test("another domain's code 1 is not the user's cancel; an unknown code and no answer at all are failures")
    func otherFailures() {
        guard case .failure(.uiClientFailed(_, let reason)) = result(NSError(domain: "NSURLErrorDomain", code: 1))
        else {
            Issue.record("another domain's 1 was taken for a cancel")
            return
        }
        #expect(reason.hasPrefix("NSURLErrorDomain 1:"))
        #expect(
            result(NSError(domain: domain, code: 9))
                == .failure(.uiClientFailed(provider, reason: "ASWebAuthenticationSessionError 9")))
        #expect(result(nil) == .failure(.uiClientFailed(provider, reason: "the sign-in sheet ended without an answer")))
    }
}
