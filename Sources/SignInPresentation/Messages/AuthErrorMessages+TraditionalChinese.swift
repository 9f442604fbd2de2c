extension AuthErrorMessages {
    /// Traditional Chinese messages (the language of the Kotlin Multiplatform app's notes).
    static let traditionalChinese: [MessageKey: String] = [
        .providerNotConfigured: "此應用程式無法使用 {provider} 登入。",
        .authProviderMissing: "{provider} 登入尚未設定，請選擇其他登入方式。",
        .missingIdentityToken: "{provider} 沒有傳回登入資料，請再試一次。",
        .tokenMalformed: "登入資料在傳送途中損毀，請再試一次。",
        .tokenExpired: "登入花費太久而逾時，請再試一次。",
        .tokenNotYetValid: "您的裝置時間似乎不正確，請檢查日期與時間後再試一次。",
        .tokenBadSignature: "無法驗證此次登入，因此已拒絕。請再試一次。",
        .tokenUnsupportedAlgorithm: "此次登入使用了本應用程式不接受的安全方式。",
        .tokenWrongIssuer: "此次登入來自非預期的來源，因此已拒絕。",
        .tokenWrongAudience: "此次登入是給其他應用程式的，因此已拒絕。",
        .tokenReplayed: "此登入已被使用過，請重新登入。",
        .tokenNonceMismatch: "此次登入與請求不符，因此已拒絕。請再試一次。",
        .uiClientFailed: "無法完成 {provider} 登入，請再試一次。",
        .network: "無法連線到登入服務，請檢查網路連線後再試一次。",
        .sessionStorage: "無法讀取或寫入此裝置上的登入資料。",
        .backend: "登入服務回報了問題（{code}），請稍後再試。",
        .backendStorage: "無法使用登入服務所儲存的資料（{code}），未做任何變更。",
        .unexpected: "發生錯誤，請再試一次。",
        .notSignedIn: "您尚未登入。",
        .signedOutByUser: "您已登出。",
        .sessionExpired: "您的登入階段已過期，請重新登入。",
        .storedSessionUnreadable: "無法讀取已儲存的登入資料，因此您已登出。請重新登入。",
        .unauthorized: "應用程式的伺服器不再接受您的登入，請重新登入。",
        .credentialRevoked: "您已停止在此應用程式使用「使用 Apple 登入」，因此已將您登出。",
        .accountDeleted: "您的帳號已刪除。",
        .invalidEmail: "此電子郵件地址無效。",
        .passwordTooShort: "密碼至少需要 {minimum} 個字元。",
        .passwordAllSame: "密碼不能全由同一個字元組成。",
        .wrongCredentials: "電子郵件或密碼錯誤。",
        .emailNotFound: "沒有任何帳號以此電子郵件登入。",
        .wrongPassword: "密碼錯誤。",
        .invalidPhotoURL: "相片的位址必須以 https:// 或 http:// 開頭、包含主機名稱、不含空白或使用者名稱，且最多 2,048 個字元。",
        .emailAlreadyInUse: "{email} 已屬於某個帳號。",
        .credentialAlreadyInUse: "此 {provider} 帳號已屬於另一個帳號。您可以改為登入該帳號。",
        .providerAlreadyLinked: "{provider} 已連結到此帳號。",
        .providerNotLinked: "{provider} 未連結到此帳號。",
        .cannotUnlinkLastProvider: "無法移除最後一種登入方式，否則您將無法再次登入。",
        .linkNotSupported: "{provider} 無法連結到此帳號。",
        .invalidResetCode: "此重設密碼連結無效或已被使用。",
        .resetCodeExpired: "此重設密碼連結已過期，請重新申請。",
        .invalidDeepLink: "無法開啟此連結。",
        .passwordTooLong: "密碼最多只能有 {maximum} 個字元。",
        .recentSignInRequired: "為了您的安全，此操作需要最近一次的登入。請用 {provider} 重新登入，然後再試一次。",
        .userMismatch: "此 {provider} 帳號不是您目前登入的帳號。請使用您登入的帳號。",
        .tooManyAttempts: "此電子郵件的嘗試次數過多。請稍候幾分鐘再試，或重設密碼。",
        .tooManyResetEmails: "要求的重設密碼電子郵件過多。請使用已寄出郵件中的連結，或等候一小時後再要求。",
        .refreshTokenSuperseded: "您的工作階段已在另一個視窗中更新。請重新登入。",
        .passwordRecordDamaged: "此帳號儲存的密碼已損毀，無法核對。請重設密碼以設定新密碼。",
        .operationNotAllowed: "此應用程式的登入服務已關閉使用 {provider} 登入。請選擇其他登入方式。",
        .userDisabled: "此帳號已被停用。請聯絡應用程式的客服。",
        .invalidVerificationLink: "此驗證連結無效、已被使用或已過期。請重新索取。",
        .noEmailToVerify: "此帳號沒有可驗證的電子郵件地址。",
        .invalidCustomToken: "來自應用程式伺服器的登入權杖無效或已過期。請在該處重新登入以取得新的權杖。",
        .accountDisabled: "您的帳號已被停用，因此您已被登出。",
        .accountExistsWithDifferentCredential: "{email} 已有使用其他登入方式的帳號。請先用該方式登入，再連結此方式。",
        .tokenRejected: "登入服務拒絕了登入資料。請再試一次。",
        .passwordRejectedByBackend: "密碼不符合登入服務的要求。請選擇更長或更多樣的密碼。",
        .notSupportedByBackend: "此登入服務不提供{operation}。",
        .signInWithProvider: "使用 {provider} 登入",
        .featureGuestSignIn: "訪客登入",
        .featureLinking: "連結帳號",
        .featureUnlinking: "取消連結",
        .featurePasswordChange: "變更密碼",
        .featureEmailVerification: "電子郵件驗證",
        .featureProfileUpdate: "變更個人資料",
        .featurePasswordReset: "重設密碼",
        .featureAccountDeletion: "刪除帳號",
        .providerRevocationFailed: "您的帳號未被刪除：{provider} 未確認已移除此應用程式的存取權。請再試一次。",
        .secondFactorRequired: "此帳號使用兩步驟登入。請輸入驗證器應用程式中的 6 位數代碼。",
        .invalidSecondFactorCode: "代碼不正確。請輸入驗證器應用程式目前顯示的 6 位數代碼；每個代碼只能使用一次。",
        .secondFactorChallengeExpired: "此次登入等候代碼太久，或已經完成。請重新登入。",
        .secondFactorEnrollmentExpired: "設定驗證器應用程式的時間過長。請重新開始。",
        .secondFactorNotFound: "此帳號沒有這個驗證器。請列出後重新選擇。",
        .secondFactorChoiceRequired: "此帳號有多個驗證器。請先選擇代碼來自哪一個，再輸入代碼。",
        .lastSecondFactor: "這是您最後一個驗證器：移除後將關閉兩步驟登入，只需密碼即可登入。請確認後再移除。",
        .tooManySecondFactorAttempts: "此帳號輸入錯誤代碼的次數過多。請稍候幾分鐘再試。",
        .featureSecondFactors: "兩步驟登入",
        .invalidRecoveryCode: "此復原碼不是您尚未使用的復原碼之一。請檢查（十個字母與數字，每個復原碼只能用一次），或改用另一個。",
        .recoveryCodesNeedSecondFactor: "此帳號沒有驗證器，因此也沒有復原碼。請先新增驗證器。",
        .featureRecoveryCodes: "復原碼",
        .secondFactorNeedsPermanentAccount: "訪客帳號無法使用兩步驟登入。請先連結 Apple、Google 或電子郵件與密碼。",
        .oidcDiscoveryFailed:
            "無法連線到 {provider}，或無法讀取其登入設定。請檢查簽發者網址與網路連線後再試一次。",
        .oidcIssuerMismatch:
            "{provider} 以不同於已註冊的登入服務身分回應，因此已停止登入。請檢查簽發者網址。",
        .oidcInsecureEndpoint:
            "{provider} 要求透過未加密的連線登入，已被拒絕。其網址必須以 https:// 開頭。",
        .oidcRedirectUnavailable:
            "{provider} 的登入頁面無法返回此應用程式：瀏覽器或接收回應的本機網址無法使用。請再試一次。",
        .oidcStateMismatch:
            "瀏覽器傳回的回應不屬於此次登入，因此已忽略。請重新開始以 {provider} 登入。",
        .oidcAuthorizationRefused:
            "{provider} 拒絕了此次登入。請再試一次，或詢問該服務的管理員是否允許此應用程式登入。",
        .oidcCodeExchangeFailed:
            "{provider} 未接受登入的最後一步。請重新開始登入。",
        .oidcClientAuthenticationFailed:
            "{provider} 未接受此應用程式：它需要應用程式的用戶端密鑰，或不認得其用戶端 ID。請檢查應用程式在該服務的註冊。",
        .oidcClientAuthenticationUnsupported:
            "{provider} 不接受此應用程式傳送用戶端密鑰的任何方式（HTTP Basic 或表單），因此未開始登入。",
        .oidcTimedOut:
            "未能及時在瀏覽器中完成以 {provider} 登入。請重新開始。",
        .passkeyChallengeExpired:
            "此密碼金鑰步驟耗時過久或已使用過。請再試一次。",
        .passkeyWrongRelyingParty:
            "此密碼金鑰是為其他 App 或網站建立的，無法在此登入。",
        .passkeyBadSignature:
            "無法驗證密碼金鑰的簽章。請再試一次，或改用其他方式登入。",
        .passkeyCloned:
            "此密碼金鑰可能已被複製到其他裝置，因此遭到拒絕。請以其他方式登入並將其移除。",
        .passkeyUserNotVerified:
            "您的裝置未確認是您本人（Face ID、Touch ID 或密碼）。請再試一次並在裝置上確認。",
        .passkeyUnsupported:
            "此密碼金鑰使用本 App 不接受的金鑰類型。請在此裝置上建立新的密碼金鑰。",
        .passkeyMalformed:
            "無法讀取裝置的密碼金鑰回應。請再試一次。",
        .passkeyNotFound:
            "沒有帳號使用此密碼金鑰，它可能已被移除。請以其他方式登入後再新增一個。",
        .passkeyAlreadyRegistered:
            "此裝置已有您帳號的密碼金鑰。",
        .passkeyNeedsPermanentAccount:
            "訪客帳號無法擁有密碼金鑰。請先連結 Apple、Google 或電子郵件與密碼。",
        .noPasskeyAvailable:
            "此裝置沒有本 App 的密碼金鑰。請以其他方式登入後新增一個。",
        .featurePasskeys:
            "密碼金鑰",
        .passkeyProviderName: "密碼金鑰",
        .tooManyPasskeys:
            "此帳號的密碼金鑰已達上限。請移除一把不再使用的，再新增這一把。",
        .invalidSignInLink: "此登入連結無效或已被使用，請重新申請。",
        .signInLinkExpired: "此登入連結已過期，請重新申請。",
        .signInLinkEmailMismatch: "此登入連結是寄給另一個電子郵件地址的。請輸入收到連結的地址。",
        .signInLinkNeedsEmail: "此連結是在另一部裝置上開啟的。請輸入收到連結的電子郵件地址，以確認是您本人。",
        .featureEmailLinkSignIn: "以電子郵件連結登入",
        .invalidPhoneNumber: "請以國際格式輸入電話號碼：+、國碼，再接號碼（例如 +886912345678）。",
        .invalidPhoneCode: "這不是簡訊寄來的代碼。請檢查後重新輸入。",
        .phoneCodeExpired: "此簡訊代碼已過期或已被使用，請重新申請。",
        .phoneNumberAlreadyInUse: "另一個帳號使用此電話號碼登入。請登入該帳號，或改用其他號碼。",
        .featurePhoneSignIn: "以電話號碼登入",
        .phoneProviderName: "電話號碼",
    ]
}
