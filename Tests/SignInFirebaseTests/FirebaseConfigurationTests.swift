import SignInDomain
import Testing

@testable import SignInFirebase

@Suite("FirebaseConfiguration")
struct FirebaseConfigurationTests {
    @Test("the environment: a key, an emulator host, a tenant; with an emulator, any key does")
    func environment() throws {
        let production = try FirebaseConfiguration.fromEnvironment(["FIREBASE_API_KEY": "AIza1"]).get()
        #expect(production.apiKey.value == "AIza1" && production.emulatorHost == nil)
        let emulator = try FirebaseConfiguration.fromEnvironment(["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"])
            .get()
        #expect(emulator.emulatorHost == "127.0.0.1:9099" && !emulator.apiKey.value.isEmpty)
        let tenant = try FirebaseConfiguration.fromEnvironment(["FIREBASE_API_KEY": "k", "FIREBASE_TENANT_ID": "t-1"])
            .get()
        #expect(tenant.tenantID == "t-1")
    }

    @Test("neither a key nor an emulator, or an emulator host that is not host:port, is refused")
    func refused() {
        #expect(FirebaseConfiguration.fromEnvironment([:]) == .failure(.missingAPIKey))
        #expect(FirebaseConfiguration.fromEnvironment(["FIREBASE_API_KEY": ""]) == .failure(.missingAPIKey))
        for host in [
            "localhost", "127.0.0.1:0", "127.0.0.1:70000", "evil.com/x:80", "a@b:80", ":80", "h:80?q", "h:+80", "h: 80",
        ] {
            #expect(
                FirebaseConfiguration.fromEnvironment(["FIREBASE_AUTH_EMULATOR_HOST": host])
                    == .failure(.invalidEmulatorHost(host)), "\(host)")
        }
        #expect(FirebaseConfiguration.isHostAndPort("[::1]:9099"))
        #expect(FirebaseConfiguration.isHostAndPort("localhost:9099"))
    }

    @Test("the API key never shows in a description or a dump")
    func keyRedacted() {
        let configuration = FirebaseConfiguration(apiKey: "AIzaSecretKey")
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!String(describing: configuration).contains("AIzaSecretKey"))
        #expect(!dumped.contains("AIzaSecretKey"))
    }
}
