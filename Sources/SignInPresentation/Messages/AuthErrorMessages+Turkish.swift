extension AuthErrorMessages {
    /// Turkish messages (the language of most of the apps the design draws on).
    static let turkish: [MessageKey: String] = [
        .providerNotConfigured: "{provider} ile giriş bu uygulamada kullanılamıyor.",
        .authProviderMissing: "{provider} ile giriş henüz ayarlanmadı. Lütfen başka bir giriş yolu seçin.",
        .missingIdentityToken: "{provider} giriş bilgilerini göndermedi. Lütfen tekrar deneyin.",
        .tokenMalformed: "Giriş bilgileri yolda bozuldu. Lütfen tekrar deneyin.",
        .tokenExpired: "Giriş çok uzun sürdü ve süresi doldu. Lütfen tekrar deneyin.",
        .tokenNotYetValid: "Cihazınızın saati yanlış görünüyor. Tarih ve saati kontrol edip tekrar deneyin.",
        .tokenBadSignature: "Giriş doğrulanamadığı için reddedildi. Lütfen tekrar deneyin.",
        .tokenUnsupportedAlgorithm: "Giriş, bu uygulamanın kabul etmediği bir güvenlik yöntemi kullandı.",
        .tokenWrongIssuer: "Giriş beklenmeyen bir kaynaktan geldiği için reddedildi.",
        .tokenWrongAudience: "Giriş başka bir uygulama içindi, bu yüzden reddedildi.",
        .tokenReplayed: "Bu giriş zaten kullanıldı. Lütfen yeniden giriş yapın.",
        .tokenNonceMismatch: "Giriş bu istekle eşleşmediği için reddedildi. Lütfen tekrar deneyin.",
        .uiClientFailed: "{provider} ile giriş tamamlanamadı. Lütfen tekrar deneyin.",
        .network: "Giriş hizmetine ulaşılamıyor. Bağlantınızı kontrol edip tekrar deneyin.",
        .sessionStorage: "Bu cihazdaki giriş verileri okunamadı veya yazılamadı.",
        .backend: "Giriş hizmeti bir sorun bildirdi ({code}). Lütfen daha sonra tekrar deneyin.",
        .backendStorage: "Giriş hizmetinin kayıtlı verileri kullanılamadı ({code}). Hiçbir şey değiştirilmedi.",
        .unexpected: "Bir şeyler ters gitti. Lütfen tekrar deneyin.",
        .notSignedIn: "Giriş yapmadınız.",
        .signedOutByUser: "Çıkış yaptınız.",
        .sessionExpired: "Oturumunuzun süresi doldu. Lütfen yeniden giriş yapın.",
        .storedSessionUnreadable: "Kayıtlı girişiniz okunamadığı için çıkış yapıldı. Lütfen yeniden giriş yapın.",
        .unauthorized: "Uygulamanın sunucusu girişinizi artık kabul etmiyor. Lütfen yeniden giriş yapın.",
        .credentialRevoked: "Bu uygulamada Apple ile girişi durdurdunuz, bu yüzden çıkış yapıldı.",
        .accountDeleted: "Hesabınız silindi.",
        .invalidEmail: "Bu e-posta adresi geçerli değil.",
        .passwordTooShort: "Parola en az {minimum} karakter olmalı.",
        .passwordAllSame: "Parola tek bir karakterin tekrarından oluşamaz.",
        .wrongCredentials: "E-posta veya parola yanlış.",
        .emailNotFound: "Bu e-posta ile oturum açan bir hesap yok.",
        .wrongPassword: "Parola yanlış.",
        .invalidPhotoURL:
            "Fotoğrafın adresi https:// ya da http:// ile başlamalı, bir sunucu adı içermeli, boşluk ya da kullanıcı adı içermemeli ve en çok 2.048 karakter olmalı.",
        .emailAlreadyInUse: "{email} zaten bir hesaba ait.",
        .credentialAlreadyInUse:
            "Bu {provider} hesabı zaten başka bir hesaba ait. Bunun yerine o hesapla giriş yapabilirsiniz.",
        .providerAlreadyLinked: "{provider} bu hesaba zaten bağlı.",
        .providerNotLinked: "{provider} bu hesaba bağlı değil.",
        .cannotUnlinkLastProvider: "Son giriş yöntemi kaldırılamaz; yoksa yeniden giriş yapamazsınız.",
        .linkNotSupported: "{provider} bu hesaba bağlanamaz.",
        .invalidResetCode: "Bu parola sıfırlama bağlantısı geçersiz veya zaten kullanılmış.",
        .resetCodeExpired: "Bu parola sıfırlama bağlantısının süresi doldu. Lütfen yenisini isteyin.",
        .invalidDeepLink: "Bu bağlantı açılamıyor.",
        .passwordTooLong: "Parola en fazla {maximum} karakter olabilir.",
        .recentSignInRequired:
            "Güvenliğiniz için bu işlem yakın zamanda oturum açmayı gerektirir. {provider} ile yeniden oturum açın ve tekrar deneyin.",
        .userMismatch:
            "Bu {provider} hesabı oturum açtığınız hesap değil. Oturum açtığınız hesabı kullanın.",
        .tooManyAttempts:
            "Bu e-posta için çok fazla deneme yapıldı. Birkaç dakika bekleyip tekrar deneyin ya da parolanızı sıfırlayın.",
        .tooManyResetEmails:
            "Çok fazla sıfırlama e-postası istendi. Gönderilmiş olanlardan birindeki bağlantıyı kullanın ya da bir saat bekleyip yeniden isteyin.",
        .refreshTokenSuperseded: "Oturumunuz başka bir pencerede yenilendi. Lütfen yeniden oturum açın.",
        .passwordRecordDamaged:
            "Bu hesabın kayıtlı parolası bozuk ve denetlenemiyor. Yeni bir parola belirlemek için parolanızı sıfırlayın.",
        .operationNotAllowed:
            "{provider} ile oturum açma bu uygulamanın oturum hizmetinde kapalı. Başka bir yolla oturum açın.",
        .userDisabled: "Bu hesap devre dışı bırakılmış. Uygulamanın destek ekibine başvurun.",
        .invalidVerificationLink:
            "Bu doğrulama bağlantısı geçersiz, zaten kullanılmış ya da süresi dolmuş. Yenisini isteyin.",
        .noEmailToVerify: "Bu hesabın doğrulanacak bir e-posta adresi yok.",
        .invalidCustomToken:
            "Uygulamanın sunucusundan gelen giriş belirteci geçersiz ya da süresi dolmuş. Yenisi için orada yeniden giriş yapın.",
        .accountDisabled: "Hesabınız devre dışı bırakıldığı için oturumunuz kapatıldı.",
        .accountExistsWithDifferentCredential:
            "{email} için başka bir oturum açma yöntemiyle bir hesap zaten var. Önce o yolla oturum açın, sonra bunu bağlayın.",
        .tokenRejected: "Oturum hizmeti oturum açma bilgilerini reddetti. Lütfen tekrar deneyin.",
        .passwordRejectedByBackend:
            "Parola oturum hizmetinin gereksinimlerini karşılamıyor. Daha uzun ya da daha çeşitli bir parola seçin.",
        .notSupportedByBackend: "Bu oturum açma hizmeti {operation} sunmuyor.",
        .signInWithProvider: "{provider} ile giriş",
        .featureGuestSignIn: "misafir girişi",
        .featureLinking: "hesap bağlama",
        .featureUnlinking: "bağlantı kaldırma",
        .featurePasswordChange: "parola değiştirme",
        .featureEmailVerification: "e-posta doğrulama",
        .featureProfileUpdate: "profil değiştirme",
        .featurePasswordReset: "parola sıfırlama",
        .featureAccountDeletion: "hesap silme",
        .providerRevocationFailed:
            "Hesabınız silinmedi: {provider} bu uygulamanın erişiminin kaldırıldığını onaylamadı. Lütfen tekrar deneyin.",
        .secondFactorRequired:
            "Bu hesap iki adımlı oturum açma kullanıyor. Doğrulama uygulamanızdaki 6 haneli kodu girin.",
        .invalidSecondFactorCode:
            "Bu kod doğru değil. Doğrulama uygulamanızın şu an gösterdiği 6 haneli kodu girin; her kod bir kez kullanılabilir.",
        .secondFactorChallengeExpired:
            "Bu oturum açma kodunu çok uzun süre bekledi ya da zaten tamamlandı. Lütfen yeniden oturum açın.",
        .secondFactorEnrollmentExpired: "Doğrulama uygulamasının kurulumu çok uzun sürdü. Lütfen yeniden başlayın.",
        .secondFactorNotFound: "Bu hesapta böyle bir doğrulama uygulaması yok. Listeleyip yeniden seçin.",
        .secondFactorChoiceRequired:
            "Bu hesabın birden fazla doğrulama uygulaması var. Kodun geldiği uygulamayı seçin, sonra kodu girin.",
        .lastSecondFactor:
            "Bu son doğrulama uygulamanız: kaldırırsanız iki adımlı oturum açma kapanır ve yalnızca parolanız oturum açar. Kaldırmak için onaylayın.",
        .tooManySecondFactorAttempts:
            "Bu hesap için çok fazla yanlış kod girildi. Birkaç dakika bekleyip tekrar deneyin.",
        .featureSecondFactors: "iki adımlı oturum açma",
        .invalidRecoveryCode:
            "Bu kurtarma kodu kullanılmamış kodlarınızdan biri değil. Kodu denetleyin (on harf ve rakam; her kod bir kez çalışır) ya da başka birini kullanın.",
        .recoveryCodesNeedSecondFactor:
            "Bu hesabın doğrulama uygulaması yok, bu yüzden kurtarma kodu da yok. Önce bir doğrulama uygulaması ekleyin.",
        .featureRecoveryCodes: "kurtarma kodları",
        .secondFactorNeedsPermanentAccount:
            "Misafir hesabı iki adımlı oturum açmayı kullanamaz. Önce Apple, Google ya da bir e-posta ve parola bağlayın.",
        .oidcDiscoveryFailed:
            "{provider} hizmetine ulaşılamadı ya da giriş ayarları okunamadı. Sağlayıcı adresini ve bağlantınızı denetleyip tekrar deneyin.",
        .oidcIssuerMismatch:
            "{provider}, kayıtlı olandan farklı bir giriş hizmeti olarak yanıt verdi; giriş durduruldu. Sağlayıcı adresini denetleyin.",
        .oidcInsecureEndpoint:
            "{provider} şifrelenmemiş bir bağlantı üzerinden giriş istiyor; bu reddedildi. Adresleri https:// ile başlamalıdır.",
        .oidcRedirectUnavailable:
            "{provider} giriş sayfası bu uygulamaya dönemiyor: tarayıcı ya da yanıt için yerel adres kullanılamıyor. Tekrar deneyin.",
        .oidcStateMismatch:
            "Tarayıcıdan gelen yanıt bu girişe ait değil; yok sayıldı. {provider} ile girişi yeniden başlatın.",
        .oidcAuthorizationRefused:
            "{provider} girişi reddetti. Tekrar deneyin ya da sağlayıcının yöneticisine bu uygulamanın giriş yapıp yapamayacağını sorun.",
        .oidcCodeExchangeFailed:
            "{provider} girişin son adımını kabul etmedi. Girişi yeniden başlatın.",
        .oidcClientAuthenticationFailed:
            "{provider} bu uygulamayı kabul etmedi: uygulamanın istemci sırrını istiyor ya da istemci kimliğini tanımıyor. Uygulamanın sağlayıcıdaki kaydını denetleyin.",
        .oidcClientAuthenticationUnsupported:
            "{provider}, uygulamanın istemci sırrını bu uygulamanın gönderdiği yolların hiçbiriyle (HTTP Basic ya da form) almıyor; bu yüzden giriş başlatılmadı.",
        .oidcTimedOut:
            "{provider} ile giriş tarayıcıda zamanında tamamlanmadı. Yeniden başlatın.",
        .passkeyChallengeExpired:
            "Bu geçiş anahtarı adımı çok uzun sürdü ya da zaten kullanıldı. Lütfen yeniden deneyin.",
        .passkeyWrongRelyingParty:
            "Bu geçiş anahtarı başka bir uygulama ya da web sitesi için oluşturulmuş; burada oturum açamaz.",
        .passkeyBadSignature:
            "Geçiş anahtarının imzası doğrulanamadı. Yeniden deneyin ya da başka bir yolla oturum açın.",
        .passkeyCloned:
            "Bu geçiş anahtarı başka bir cihaza kopyalanmış olabilir, bu yüzden reddedildi. Başka bir yolla oturum açıp onu kaldırın.",
        .passkeyUserNotVerified:
            "Cihazınız sizin olduğunuzu doğrulamadı (Face ID, Touch ID ya da parola). Yeniden deneyin ve cihazda onaylayın.",
        .passkeyUnsupported:
            "Bu geçiş anahtarı, bu uygulamanın kabul etmediği bir anahtar türü kullanıyor. Bu cihazda yeni bir geçiş anahtarı oluşturun.",
        .passkeyMalformed:
            "Cihazın geçiş anahtarı yanıtı okunamadı. Yeniden deneyin.",
        .passkeyNotFound:
            "Bu geçiş anahtarını kullanan bir hesap yok; kaldırılmış olabilir. Başka bir yolla oturum açıp yenisini ekleyin.",
        .passkeyAlreadyRegistered:
            "Bu cihazda hesabınız için zaten bir geçiş anahtarı var.",
        .passkeyNeedsPermanentAccount:
            "Misafir hesabının geçiş anahtarı olamaz. Önce Apple, Google ya da e-posta ve parola bağlayın.",
        .noPasskeyAvailable:
            "Bu cihazda bu uygulama için geçiş anahtarı yok. Başka bir yolla oturum açıp bir tane ekleyin.",
        .featurePasskeys:
            "geçiş anahtarları",
        .passkeyProviderName: "geçiş anahtarı",
        .tooManyPasskeys:
            "Bu hesabın olabilecek en fazla sayıda geçiş anahtarı var. Artık kullanmadığınız birini kaldırıp bunu ekleyin.",
        .invalidSignInLink: "Bu oturum açma bağlantısı geçersiz veya zaten kullanılmış. Lütfen yenisini isteyin.",
        .signInLinkExpired: "Bu oturum açma bağlantısının süresi doldu. Lütfen yenisini isteyin.",
        .signInLinkEmailMismatch:
            "Bu oturum açma bağlantısı başka bir e-posta adresine gönderildi. Bağlantının gönderildiği adresi yazın.",
        .signInLinkNeedsEmail:
            "Bu bağlantı başka bir cihazda açıldı. Sizin olduğunu doğrulamak için gönderildiği e-posta adresini yazın.",
        .featureEmailLinkSignIn: "e-posta bağlantısıyla oturum açma",
        .invalidPhoneNumber:
            "Telefon numarasını uluslararası biçimde yazın: +, ülke kodu, ardından numara (örneğin +905551234567).",
        .invalidPhoneCode: "Bu, SMS ile gönderilen kod değil. Kontrol edip yeniden yazın.",
        .phoneCodeExpired: "Bu SMS kodunun süresi doldu veya kod zaten kullanıldı. Lütfen yenisini isteyin.",
        .phoneNumberAlreadyInUse:
            "Bu telefon numarasıyla başka bir hesap oturum açıyor. O hesapta oturum açın veya başka bir numara kullanın.",
        .phoneRegionNotAllowed:
            "Bu uygulama o ülkenin numaralarına SMS göndermiyor. Başka bir ülkenin numarasını kullanın veya başka bir yolla oturum açın.",
        .tooManyPhoneCodes: "Çok fazla SMS kodu istendi veya denendi. Bir süre bekleyin, sonra yeni bir kod isteyin.",
        .secondFactorNeedsVerifiedEmail:
            "Önce e-postanızı doğrulayın: telefon numarası yalnızca e-postası doğrulanmış bir hesabın ikinci adımı olabilir.",
        .phoneFactorAlreadyEnrolled: "Bu telefon numarası zaten ikinci adımlarınızdan biri.",
        .featurePhoneSignIn: "telefon numarasıyla oturum açma",
        .phoneProviderName: "telefon numarası",
    ]
}
