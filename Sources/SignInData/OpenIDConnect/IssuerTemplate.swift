import Foundation

/// A multi-tenant provider's issuer as its discovery document names it: Microsoft Entra ID's `common` and
/// `organizations` endpoints announce `https://login.microsoftonline.com/{tenantid}/v2.0`. It stands for one issuer
/// per tenant: a token's `iss` is the template with `{tenantid}` replaced by the token's own `tid` claim, and nothing
/// else matches it.
public struct IssuerTemplate: Hashable, Sendable {
    /// The tenant's place in the template.
    public static let placeholder = "{tenantid}"

    /// The template, with its one ``placeholder``.
    public let template: String

    /// The template `issuer` is; `nil` when it names no tenant placeholder, or more than one.
    public init?(_ issuer: String) {
        guard issuer.components(separatedBy: Self.placeholder).count == 2 else { return nil }
        template = issuer
    }

    /// The issuer of the tenant `tenantID`; `nil` when it cannot be a tenant id: empty, longer than 64 characters, or
    /// with a character other than ASCII letters, digits, `-`, `_` and `.` (a `/` or a `?` would move the rest of the
    /// address).
    public func issuer(forTenant tenantID: String) -> String? {
        guard Self.isTenantID(tenantID) else { return nil }
        return template.replacingOccurrences(of: Self.placeholder, with: tenantID)
    }

    /// Whether `issuer` is this template's issuer for the tenant `tenantID` (a token's `tid`); never without one.
    public func accepts(_ issuer: String, tenantID: String?) -> Bool {
        guard let tenantID, let expected = self.issuer(forTenant: tenantID) else { return false }
        return issuer == expected
    }

    /// Whether `issuer` is this template's issuer for some tenant: a registered issuer such as `…/common/v2.0`, or
    /// the `iss` of a redirect (RFC 9207), which carries no `tid`.
    public func acceptsSomeTenant(_ issuer: String) -> Bool {
        let parts = template.components(separatedBy: Self.placeholder)
        guard parts.count == 2, issuer.hasPrefix(parts[0]), issuer.hasSuffix(parts[1]),
            issuer.count > parts[0].count + parts[1].count
        else { return false }
        let tenant = issuer.dropFirst(parts[0].count).dropLast(parts[1].count)
        return Self.isTenantID(String(tenant))
    }

    private static func isTenantID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || "-_.".unicodeScalars.contains(scalar))
            }
    }
}
