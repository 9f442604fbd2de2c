/// The demo's trace catalogue: each ``SignInDomain/FlowMessage`` key's template in Turkish and in Traditional
/// Chinese, with the same `{name}` placeholders as the English text the message carries. English needs no table.
///
/// Technical names stay as they are (HTTP status codes, `SHA-256`, `nonce`, `uid`, `Authorization: Bearer`,
/// `AuthCredential`, action and error names); every sentence around them is in the language.
enum TraceTexts {
    /// The templates for a language code as ``CompositionRoot/language(_:)`` returns it: `en` (and any language
    /// without a table) gets an empty table, so every step shows its English text.
    static func table(forLanguage language: String) -> [String: String] {
        switch language {
        case "tr": turkish
        case "zh-Hant": traditionalChinese
        default: [:]
        }
    }

    /// Turkish templates.
    static let turkish: [String: String] = [
        // Domain
        "domain.signInStarted": "{provider} ile giriş yapılıyor ({uiClients} UI istemcisi hazır)",
        "domain.signInCancelled": "kullanıcı vazgeçti; hiçbir şey değişmedi",
        "domain.sessionStored": "{uid} oturumu kaydedildi",
        "domain.linkStarted": "{provider}, {uid} hesabına bağlanıyor",
        "domain.linked": "bağlandı; uid {uid} aynı kaldı",
        "domain.reauthenticationAsked": "yakın zamanda giriş gerekiyor: {provider} yeniden isteniyor",
        "domain.reauthenticationCancelled": "kullanıcı yeniden giriş yapmadı; hiçbir şey değişmedi",
        "domain.reauthenticated": "{uid} yeniden giriş yaptı; işlem tekrarlanıyor",
        "domain.signOutStarted": "yenileme belirteci iptal ediliyor, sonra kayıtlı oturum siliniyor",
        "domain.signedOut": "oturum kapatıldı ({reason})",
        "domain.refreshStarted": "{uid} oturumu yenileniyor (tek istek)",
        "domain.refreshDropped": "bırakıldı: kullanıcı bu arada çıkış yaptı ya da değişti",
        "domain.refreshAdopted": "başka bir sürecin yenilediği oturum kullanıldı",
        "domain.refreshStored": "yenilenen oturum kaydedildi; bitiş: {expiry}",
        // Presentation
        "presentation.actionSent": "ekran {action} gönderiyor",
        "presentation.resultReceived": "görünüm modeli {action} alıyor",
        "presentation.errorShown": "ekran {error} hatasını gösteriyor",
        "presentation.signedIn": "{uid} olarak giriş yapıldı; ana ekran açılıyor",
        "presentation.nothingChanged": "değişiklik yok (iptal edildi)",
        // Data
        "data.signUp": "{email} için hesap açılıyor, parola {password}",
        "data.passwordResetRequested": "sıfırlama e-postası isteniyor: {email}",
        "data.passwordResetConfirmed": "{code} koduyla yeni parola belirleniyor",
        "data.accountDeletion": "{uid} hesabı siliniyor",
        "data.passwordChange": "parola {password} olarak değiştiriliyor",
        "data.refreshRequested": "yenileme belirteci yeni belirteçlerle değiştiriliyor",
        "data.backendRefused": "arka uç reddetti: {code}",
        "firebase.request": "Firebase Authentication'a POST {method}",
        "rest.request": "uygulamanın kimlik API'sine {call}",
        "rest.refused": "{call}, {status} ile reddedildi: {code}",
        "rest.revokeLocalOnly": "Kimlik API'sinde oturum kapatma yolu yok: oturum yalnızca bu cihazda unutuluyor",
        "firebase.refused": "{method} reddedildi: {code}",
        "firebase.revokeLocalOnly":
            "Firebase'de tek bir yenileme belirtecini iptal eden bir çağrı yok: oturum yalnızca bu cihazda unutuluyor",
        "data.passwordSignIn": "{email} ile giriş yapılıyor, parola {password}",
        "data.passwordLink": "{email} bağlanıyor: {uid}",
        "data.passwordReauthentication": "{uid} yeniden giriş yapıyor",
        "data.idpCredentialReceived": "{provider} kimlik bilgisi alındı; ID belirteci denetleniyor",
        "data.idpRequestWithNonce": "ID belirteci {idToken} ve ham nonce {nonce} gönderiliyor",
        "data.firstSignInProfileRestored":
            "arka uca ulaşmayan ilk girişten saklanan {provider} adı ve e-postası yeniden gönderiliyor",
        "data.idpRequestWithoutNonce": "ID belirteci {idToken} gönderiliyor; ham nonce yok",
        "data.sessionReceived": "{uid} için oturum alındı ({providers})",
        "data.guestSignUp": "misafir hesabı açılıyor",
        "data.apiRequest": "{method} {path}, Authorization: Bearer {idToken} başlığıyla",
        "data.apiRetry": "401: bir kez yenile, bir kez yeniden dene",
        "data.apiRefusedAgain": "yine 401: API bu kullanıcıyı reddediyor; oturum kapatılıyor",
        // Infrastructure
        "infrastructure.appleConsentShown": "Apple giriş sayfası (terminaldeki taklidi) onay istiyor",
        "infrastructure.appleConsentShareEmail": "kullanıcı onaylıyor ve e-postasını paylaşıyor",
        "infrastructure.appleConsentHideEmail": "kullanıcı onaylıyor ve e-postasını gizliyor",
        "infrastructure.appleConsentCancelled": "kullanıcı vazgeçiyor",
        "infrastructure.appleAuthorized": "Apple bir ID belirteci ve bir yetkilendirme kodu döndürdü",
        "infrastructure.googleChooserShown": "Google hesap seçici terminalde açılıyor",
        "infrastructure.googleAccountChosen": "kullanıcı {email} hesabını seçti",
        "infrastructure.googleChooserRequested": "hesap seçici, yeni ham nonce'un SHA-256 özetiyle açılıyor",
        "infrastructure.appleRequested": "ad ve e-posta isteniyor, yeni ham nonce'un SHA-256 özetiyle",
        "infrastructure.appleCredentialMade": "AuthCredential oluşturuldu: ID belirteci {idToken}, kod {code}",
        // Embedded backend
        "backend.identityTokenChecked": "imza, alg, iss, aud, exp, iat ve nonce denetleniyor",
        "backend.accountFound": "{provider} için {uid} hesabı bulundu",
        "backend.accountCreated": "{provider} için yeni hesap: {uid}",
        "backend.guestCreated": "yeni misafir hesabı: {uid}",
        "backend.idpLinked": "{provider}, {uid} hesabına bağlandı",
        "backend.passwordLinked": "{email} hesaba bağlandı",
        "backend.reauthenticated": "{uid} az önce yeniden giriş yaptı",
        "backend.passwordChanged": "yeni parola belirlendi; diğer tüm oturumlar iptal edildi",
        "backend.resetMailSent": "sıfırlama bağlantısı giden kutusuna gönderildi",
        "backend.passwordReset": "yeni parola belirlendi; tüm oturumlar iptal edildi",
        "backend.accountDeleted": "{uid} ve belirteçleri silindi",
        "backend.appleTokensRevoked": "{uid} için uygulamanın Apple ile giriş yetkisi iptal edildi",
        "backend.rotatedTokenReused": "döndürülmüş bir yenileme belirteci geri geldi: zincir iptal edildi",
        "backend.refreshTokenRotated": "yenileme belirteci döndürüldü",
        "backend.refreshTokenRevoked": "yenileme belirteci iptal edildi",
        "backend.sessionIssued": "{lifetime} sn geçerli ID belirteci ve yenileme belirteci verildi",
        "backend.apiUnauthorized": "401: ID belirteci reddedildi ({code})",
        "backend.apiAuthorized": "200: ID belirteci {uid} için geçerli",
        // The demo
        "demo.userTapsApple": "kullanıcı “Apple ile Giriş Yap” düğmesine dokunuyor",
        // The HTTP face
        "backend.httpAnswered": "HTTP {method} {route} yanıtlandı: {status}",
        "backend.httpRefused": "HTTP {method} {route} reddedildi: {status} {code}",
        "backend.allAccountsDeleted": "tüm hesaplar, kimlikler, yenileme belirteçleri ve sıfırlama kodları silindi",
    ]

    /// Traditional Chinese templates (Taiwan usage).
    static let traditionalChinese: [String: String] = [
        // Domain
        "domain.signInStarted": "以 {provider} 登入（已設定 {uiClients} 個 UI 用戶端）",
        "domain.signInCancelled": "使用者已取消，沒有任何變更",
        "domain.sessionStored": "已儲存 {uid} 的工作階段",
        "domain.linkStarted": "將 {provider} 連結到 {uid}",
        "domain.linked": "已連結，uid {uid} 維持不變",
        "domain.reauthenticationAsked": "需要近期登入：請再以 {provider} 登入一次",
        "domain.reauthenticationCancelled": "使用者沒有重新登入，沒有任何變更",
        "domain.reauthenticated": "{uid} 已重新登入，重試該操作",
        "domain.signOutStarted": "撤銷重新整理權杖，再清除已儲存的工作階段",
        "domain.signedOut": "已登出（{reason}）",
        "domain.refreshStarted": "重新整理 {uid} 的工作階段（只發一次請求）",
        "domain.refreshDropped": "已捨棄：使用者在這期間登出或已更換",
        "domain.refreshAdopted": "沿用另一個處理程序重新整理好的工作階段",
        "domain.refreshStored": "已儲存重新整理後的工作階段，到期時間 {expiry}",
        // Presentation
        "presentation.actionSent": "畫面送出 {action}",
        "presentation.resultReceived": "檢視模型收到 {action}",
        "presentation.errorShown": "畫面顯示錯誤 {error}",
        "presentation.signedIn": "已以 {uid} 登入，開啟主畫面",
        "presentation.nothingChanged": "沒有變更（已取消）",
        // Data
        "data.signUp": "為 {email} 建立帳號，密碼 {password}",
        "data.passwordResetRequested": "要求寄送重設密碼郵件給 {email}",
        "data.passwordResetConfirmed": "以代碼 {code} 設定新密碼",
        "data.accountDeletion": "刪除帳號 {uid}",
        "data.passwordChange": "將密碼改為 {password}",
        "data.refreshRequested": "用重新整理權杖換取新的權杖",
        "data.backendRefused": "後端拒絕：{code}",
        "firebase.request": "向 Firebase Authentication 發送 POST {method}",
        "rest.request": "向應用程式的身分 API 發送 {call}",
        "rest.refused": "{call} 以 {status} 遭拒絕：{code}",
        "rest.revokeLocalOnly": "身分 API 沒有登出路徑：只在此裝置上忘記工作階段",
        "firebase.refused": "{method} 遭拒絕：{code}",
        "firebase.revokeLocalOnly": "Firebase 沒有撤銷單一更新權杖的呼叫：只在此裝置上忘記工作階段",
        "data.passwordSignIn": "以 {email} 登入，密碼 {password}",
        "data.passwordLink": "將 {email} 連結到 {uid}",
        "data.passwordReauthentication": "讓 {uid} 重新登入",
        "data.idpCredentialReceived": "收到 {provider} 憑證，檢查其 ID 權杖",
        "data.idpRequestWithNonce": "送出 ID 權杖 {idToken} 與原始 nonce {nonce}",
        "data.firstSignInProfileRestored": "重新送出首次登入未送達後端時保留的 {provider} 姓名與電子郵件",
        "data.idpRequestWithoutNonce": "送出 ID 權杖 {idToken}，沒有原始 nonce",
        "data.sessionReceived": "取得 {uid} 的工作階段（{providers}）",
        "data.guestSignUp": "建立訪客帳號",
        "data.apiRequest": "{method} {path}，附上 Authorization: Bearer {idToken}",
        "data.apiRetry": "401：重新整理一次，再重試一次",
        "data.apiRefusedAgain": "再次 401：API 不再接受此使用者，登出",
        // Infrastructure
        "infrastructure.appleConsentShown": "Apple 登入畫面（終端機模擬）請求同意",
        "infrastructure.appleConsentShareEmail": "使用者同意並分享電子郵件",
        "infrastructure.appleConsentHideEmail": "使用者同意並隱藏電子郵件",
        "infrastructure.appleConsentCancelled": "使用者取消",
        "infrastructure.appleAuthorized": "Apple 傳回 ID 權杖與授權碼",
        "infrastructure.googleChooserShown": "Google 帳號選擇器在終端機中開啟",
        "infrastructure.googleAccountChosen": "使用者選擇了 {email}",
        "infrastructure.googleChooserRequested": "以新原始 nonce 的 SHA-256 開啟帳號選擇器",
        "infrastructure.appleRequested": "要求姓名與電子郵件，並送出新原始 nonce 的 SHA-256",
        "infrastructure.appleCredentialMade": "已建立 AuthCredential：ID 權杖 {idToken}，授權碼 {code}",
        // Embedded backend
        "backend.identityTokenChecked": "檢查簽章、alg、iss、aud、exp、iat 與 nonce",
        "backend.accountFound": "找到 {provider} 的帳號 {uid}",
        "backend.accountCreated": "為 {provider} 建立新帳號 {uid}",
        "backend.guestCreated": "建立新訪客帳號 {uid}",
        "backend.idpLinked": "已將 {provider} 連結到 {uid}",
        "backend.passwordLinked": "已將 {email} 連結到帳號",
        "backend.reauthenticated": "{uid} 剛剛重新登入",
        "backend.passwordChanged": "已設定新密碼，其他工作階段全部撤銷",
        "backend.resetMailSent": "已將重設連結寄到寄件匣",
        "backend.passwordReset": "已設定新密碼，所有工作階段全部撤銷",
        "backend.accountDeleted": "已刪除 {uid} 及其權杖",
        "backend.appleTokensRevoked": "已撤銷 {uid} 對此應用程式的「以 Apple 登入」授權",
        "backend.rotatedTokenReused": "已輪替的重新整理權杖又被使用：整條鏈已撤銷",
        "backend.refreshTokenRotated": "已輪替重新整理權杖",
        "backend.refreshTokenRevoked": "已撤銷重新整理權杖",
        "backend.sessionIssued": "已簽發 ID 權杖（{lifetime} 秒）與重新整理權杖",
        "backend.apiUnauthorized": "401：ID 權杖遭拒（{code}）",
        "backend.apiAuthorized": "200：ID 權杖對 {uid} 有效",
        // The demo
        "demo.userTapsApple": "使用者點選「透過 Apple 登入」",
        // The HTTP face
        "backend.httpAnswered": "HTTP {method} {route} 已回應：{status}",
        "backend.httpRefused": "HTTP {method} {route} 遭拒：{status} {code}",
        "backend.allAccountsDeleted": "已刪除所有帳號、身分、重新整理權杖與重設碼",
    ]
}
