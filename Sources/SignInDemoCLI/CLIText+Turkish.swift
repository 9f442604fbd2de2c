extension CLIMessages {
    /// The Turkish texts: every key. `{name}` marks a value filled in at run time.
    static let turkish: [CLIText: String] = [
        // Help.
        .helpTitle:
            "signin-demo: Temiz Mimari ile uçtan uca oturum açma, gömülü arka uçta (çevrimdışı, hesap gerekmez).",
        .helpUsageHeading: "KULLANIM",
        .helpCommandsHeading: "KOMUTLAR",
        .helpOptionsHeading: "SEÇENEKLER",
        .helpExitCodesHeading: "ÇIKIŞ KODLARI",
        .helpUsageLine: "KOMUT [SEÇENEKLER]",
        .helpCommandWord: "KOMUT",
        .helpPrompts:
            "Terminalde her komut gerekenleri sorar; terminal yoksa bunları seçeneklerden alır ve biri eksikse 2 çıkış koduyla başarısız olur.",
        .helpConsentOffTerminal:
            "Standart girdi bir terminal değilse 'sign-in apple' ve 'sign-in google' onayı kendiliğinden verir (--account başka bir hesap belirtmedikçe ilk Google hesabı seçilir); hesap silme ise asla kendiliğinden onaylanmaz.",
        .helpRecentSignIn:
            "Hesabı silmek, parolayı değiştirmek ve bağlantı kaldırmak için son beş dakika içinde oturum açmış olmanız gerekir; aksi hâlde komut önce aynı sağlayıcıyla yeniden oturum açmanızı ister.",
        .helpLocale:
            "Metinler yerel ayara göre seçilir (LC_ALL, LC_MESSAGES, LANG): İngilizce, Türkçe (tr) veya Geleneksel Çince (zh_TW, zh_HK).",
        .helpMoreAboutCommand: "Bir komutun seçenekleri ve bir örnek için 'signin-demo help KOMUT' çalıştırın.",
        .helpExitSuccess: "0    başarılı",
        .helpExitFailure:
            "1    başarısız; 'status': oturum açmış kimse yok; 'check-credential': Apple kimlik bilgisi iptal edilmiş veya bilinmiyor",
        .helpExitUsage: "2    komut satırı anlaşılamadı veya gereken bir girdi eksik",
        .helpExitCancelled: "130  kullanıcı tarafından iptal edildi",
        .helpCommandUsage: "KULLANIM: {usage}",
        .helpExample: "ÖRNEK: {example}",
        .helpCommandOptions: "SEÇENEKLER",
        .helpCommandProviders: "SAĞLAYICILAR",
        .optionYes:
            "Sormadan izin verir ve onaylar (Apple onay ekranı, ilk Google hesabı, uyarılar, delete-account).",
        .optionHideEmail: "Apple onay ekranında izin verir ve e-postayı özel bir aktarma adresinin arkasında gizler.",
        .optionAccount: "Seçilecek hesap: bir Google hesabı ya da özel belirtecin üretileceği uid.",
        .optionEmail: "Oturum açılacak e-posta (hassas bir değişiklikten önce yeniden oturum açmak için de).",
        .optionPassword: "Parola; open-link ve change-password için yeni parola.",
        .optionCurrentPassword: "Hassas bir işlemden önce yeniden oturum açmak için geçerli parola.",
        .optionSwitchAccount: "Kimlik bilgisi başka bir hesaba aitse bunun yerine o hesapta oturum açar.",
        .optionJSON: "Betikler için tek bir JSON nesnesi yazdırır, hata durumunda da. Hiçbir zaman belirteç içermez.",
        .optionDataDir:
            "Gömülü arka ucun, giden kutusunun ve oturumun bulunduğu yer. Varsayılan: $SIGNIN_DEMO_DATA_DIR, yoksa $XDG_DATA_HOME/signin-demo, o da yoksa ~/.local/share/signin-demo (macOS'te ~/Library/Application Support/signin-demo).",
        .optionVerbose: "Bir hatanın geliştirici ayrıntılarını ve parolaları neyin özetlediğini de gösterir.",
        .verboseHashing: "signin-demo: parolalar ve özetler {implementation} ile hesaplanıyor.",
        .optionHelp: "Yardımı gösterir: bu sayfayı ya da bir komutun yardımını.",
        .optionVersion: "Sürümü gösterir.",
        .commandTourSummary: "tüm akışların rehberli turu; her adım kendi katmanıyla etiketlenir",
        .commandTourDetails:
            "Komut verilmezse tur tüm akışları gömülü arka uçta çalıştırır ve Apple ile oturum açılmış olarak biter.",
        .commandInteractiveSummary: "arka ucun sunduğu akışlar, menü olarak",
        .commandInteractiveDetails: "Tüm akışları içeren bir menü. Terminal gerektirir.",
        .commandSignInSummary: "kayıtlı bir sağlayıcıyla oturum açma (anonymous: misafir hesap)",
        .commandSignInDetails:
            "Sağlayıcıyla oturum açar. Apple izin ister, Google bir hesap seçmenizi sağlar, e-posta ise e-posta adresini ve parolayı sorar. Herhangi bir OpenID Connect sağlayıcısı: 'sign-in oidc.AD --issuer URL --client-id KİMLİK' onu veri klasörüne kaydeder ve tarayıcıda açılacak adresi yazar (yanıt 127.0.0.1'e döner); sonrasında 'sign-in oidc.AD' yeterlidir. 'sign-in passkey' bu cihazdaki bir geçiş anahtarıyla oturum açar (bkz. passkey add): e-posta ya da parola sorulmaz. 'sign-in email-link --email E-POSTA' parolasız oturum açan bir bağlantı gönderir (open-link ile açın). 'sign-in phone --phone +905551234567' SMS ile bir kod gönderir ve onu sorar (ya da sonraki bir çalıştırmada --code ile alır).",
        .commandSignUpSummary: "e-posta ve parola ile hesap oluşturma",
        .commandSignUpDetails: "E-posta ve parola ile bir hesap oluşturur ve bu hesapta oturum açar.",
        .commandLinkSummary:
            "bir sağlayıcıyı oturum açık hesaba bağlama (misafir hesap uid'sini korur)",
        .commandLinkDetails:
            "Oturum açık hesaba yeni bir oturum açma yolu ekler. Misafir hesap uid'sini ve kendisi için saklanan her şeyi korur. 'link phone --phone NUMARA' bir telefon numarası ekler; numara ona gönderilen kodla kanıtlanır.",
        .commandUnlinkSummary: "bir sağlayıcının bağlantısını kaldırma (sonuncusu asla kaldırılamaz)",
        .commandUnlinkDetails:
            "Oturum açık hesaptan bir oturum açma yolunu kaldırır. Sonuncusu kaldırılamaz. Yakın zamanda oturum açmış olmanız gerekir.",
        .commandStatusSummary: "kimin oturum açtığı (kimse yoksa çıkış kodu 1)",
        .commandStatusDetails: "Oturum açık hesabı gösterir; oturumun süresi dolduysa oturumu yeniler.",
        .commandSignOutSummary: "yenileme belirtecini iptal etme ve kayıtlı oturumu silme",
        .commandSignOutDetails:
            "Oturumu kapatır. Misafir hesapta yeniden oturum açılamadığından misafir hesabın oturumunu kapatmadan önce sorar (terminal yoksa --yes).",
        .commandResetPasswordSummary: "giden kutusuna parola sıfırlama bağlantısı gönderme",
        .commandResetPasswordDetails:
            "Yeni parola belirlemeye yarayan bir bağlantı gönderir. E-postaya ait bir hesap olsa da olmasa da yanıt aynıdır.",
        .commandOpenLinkSummary: "e-postadaki bir bağlantıyı açma: parolayı sıfırlama ya da e-postayı doğrulama",
        .commandOpenLinkDetails:
            "Parola sıfırlama bağlantısını açar ve yeni parolayı belirler (hesabın tüm oturumları sona erer), bir e-posta doğrulama bağlantısını ya da bir oturum açma bağlantısını açar (bu veri klasörü istemediyse --email E-POSTA ile).",
        .commandVerifyEmailSummary:
            "oturum açık hesabın e-postasını doğrulayan bir bağlantı gönder",
        .commandVerifyEmailDetails:
            "Oturum açık hesabın e-postasına bir doğrulama bağlantısı gönderir; signin-demo open-link onu açar.",
        .verificationMailed:
            "{email} adresine bir doğrulama bağlantısı gönderildi. Giden kutusu {folder}; 'signin-demo outbox' ile gösterin, sonra bağlantıyı 'signin-demo open-link' ile açın.",
        .verificationMailedMenu:
            "{email} adresine bir doğrulama bağlantısı gönderildi. Giden kutusu {folder}; göstermek için {item} seçin.",
        .verificationMailedElsewhere:
            "{email} adresine bir doğrulama bağlantısı gönderildi. 'signin-demo open-link' ile açın.",
        .emailVerified:
            "{email} doğrulandı.",
        .menuVerifyEmail:
            "E-postayı doğrula",
        .commandUpdateProfileSummary:
            "oturum açık hesabın görünen adını, fotoğrafını ya da e-postasını değiştir",
        .commandUpdateProfileDetails:
            "Oturum açık hesabın görünen adını (--name), fotoğrafını (--photo-url) ya da e-postasını (--new-email) değiştirir. Yeni e-posta yakın zamanda oturum açmış olmayı gerektirir, henüz doğrulanmamıştır ve giriş için kullanılan adres olur.",
        .optionName:
            "update-profile: yeni görünen ad (boş bırakılırsa, '', kaldırılır). mfa enroll: doğrulama uygulamasının adı.",
        .optionNewEmail:
            "Oturum açık hesap için yeni e-posta.",
        .optionPhotoURL:
            "Oturum açık hesap için yeni bir fotoğrafın web adresi (https:// ya da http://); boş bir değer ('') fotoğrafı kaldırır.",
        .usageNeedsNameOrEmail:
            "update-profile için --name, --photo-url ya da --new-email gerekir",
        .profileUpdated:
            "Profil güncellendi.",
        .commandChangePasswordSummary: "oturum açıkken yeni parola seçme; diğer tüm oturumlar sona erer",
        .commandChangePasswordDetails:
            "Oturum açık hesap için yeni bir parola belirler. Diğer tüm oturumlar sona erer. Yakın zamanda oturum açmış olmanız gerekir.",
        .commandOutboxSummary: "gömülü arka ucun gönderdiği e-postaları gösterme",
        .commandOutboxDetails: "Gömülü arka ucun giden kutusundaki e-postaları bağlantılarıyla birlikte listeler.",
        .commandCheckCredentialSummary: "Apple kimlik bilgisi durumunu denetleme; iptal edilmişse oturum kapatılır",
        .commandCheckCredentialDetails:
            "Kullanıcının bu uygulamayla hâlâ Apple ile Giriş Yap'ı kullanıp kullanmadığını Apple'a sorar. İptal edilmiş veya bilinmiyorsa oturum kapatılır (çıkış kodu 1).",
        .commandAppleRevokeSummary:
            "demo yardımcısı: Ayarlar > Apple Kimliği'nde olduğu gibi Apple ile Giriş Yap'ı kullanmayı durdurma",
        .commandAppleRevokeDetails:
            "Kullanıcının Ayarlar'da Apple ile Giriş Yap için 'Kullanmayı Durdur'a dokunmasını canlandırır. Hiçbir şey yetkilendirilmemişse çıkış kodu 1 olur.",
        .commandDeleteAccountSummary: "hesabı, kimliklerini ve belirteçlerini silme ve oturumu kapatma",
        .commandDeleteAccountDetails:
            "Oturum açık hesabı kalıcı olarak siler. DELETE yazmanızı ister (terminal yoksa --yes). Yakın zamanda oturum açmış olmanız gerekir.",
        .commandHelpSummary: "yardımı ya da bir komutun yardımını gösterme",
        .commandHelpDetails: "Komut listesini ya da bir komutun seçeneklerini ve bir örneğini gösterir.",
        .commandVersionSummary: "sürümü gösterme",
        .commandVersionDetails: "Sürümü gösterir.",

        // Usage errors.
        .usagePrefix: "signin-demo: {message}",
        .usageSeeHelp: "Kullanım bilgisi için 'signin-demo --help' çalıştırın.",
        .usageUnknownOption: "bilinmeyen seçenek '{option}'",
        .usageTakesNoValue: "{option} değer almaz",
        .usageNeedsValue: "{option} bir değer gerektirir",
        .usageUnknownCommand: "bilinmeyen komut '{command}'",
        .usageNeedsPassword: "standart girdi bir terminal değilken {command} komutu --password gerektirir",
        .usageUnknownCommandSuggest: "bilinmeyen komut '{command}'; '{suggestion}' mi demek istediniz?",
        .promptPasswordsDifferRetry: "İki parola aynı değil; yeniden yazın.",
        .usageUnexpectedWord: "'{command}' sonrasında beklenmeyen '{word}'",
        .usageNeedsProvider: "{command} bir sağlayıcı gerektirir: {providers}",
        .usageUnknownProvider: "{command} için bilinmeyen sağlayıcı '{provider}' (bilinenler: {providers})",
        .usageNeedsLink: "open-link e-postadaki bağlantıyı gerektirir",
        .usageOptionNotForCommand: "{option} '{command}' için geçerli değil",
        .usageOptionNeedsCommand: "{option} bu seçeneği kabul eden bir komut gerektirir",
        .usageArgumentTooLong: "{number}. bağımsız değişken {limit} bayttan uzun",
        .usageArgumentNotUTF8: "{number}. bağımsız değişken geçerli bir UTF-8 metni değil",
        .usageNoDataFolder: "veri klasörü yok: --data-dir belirtin veya HOME değişkenini ayarlayın.",
        .usageNeedsEmailAndPassword: "standart girdi bir terminal değilken bu komut --email ve --password gerektirir",
        .usageNeedsEmail: "standart girdi bir terminal değilken {command} --email gerektirir",
        .usageNeedsNewPassword: "standart girdi bir terminal değilken {command} --password (yeni parola) gerektirir",
        .usageNeedsYesToDelete: "standart girdi bir terminal değilken delete-account --yes gerektirir",
        .usageNeedsYesToLoseGuest:
            "misafir olarak oturum açtınız ve misafir hesapta yeniden oturum açılamaz; yine de çıkmak için --yes ekleyin",
        .usageUnknownGoogleAccount: "bu cihazda '{account}' adlı Google hesabı yok; bilinenler: {accounts}",
        .usageInteractiveNeedsTerminal:
            "interactive bir terminal gerektirir; bunun yerine komutları tek tek çalıştırın",
        .answerRefusedTooLong: "signin-demo: bu yanıt {limit} bayttan uzun; yok sayıldı.",
        .answerRefusedNotUTF8: "signin-demo: bu yanıt geçerli bir UTF-8 metni değil; yok sayıldı.",
        .outputFailed: "signin-demo: standart çıktıya yazılamadı: {reason}.",

        // Prompts.
        .promptEmail: "E-posta: ",
        .promptPassword: "Parola: ",
        .promptCurrentPassword: "Mevcut parola: ",
        .promptNewPassword: "Yeni parola: ",
        .promptNewPasswordAgain: "Yeni parola (tekrar): ",
        .promptPasswordsDiffer: "Girdiğiniz iki parola aynı değil.",
        .promptTypeDelete: "Hesabınızı ve hesap için saklanan her şeyi silmek için DELETE yazın: ",
        .promptSwitchAccount: "Bunun yerine o hesapta oturum açılsın mı? [e/H] ",
        .promptLoseGuest:
            "Misafir olarak oturum açtınız. Misafir hesapta kimse yeniden oturum açamaz: hesaptan çıktığınızda hesap kaybolur. Korumak için önce bir sağlayıcı bağlayın. Yine de çıkılsın mı? [e/H] ",
        .promptYesAnswers: "e,evet,y,yes",
        .promptChoose: "0 ile {max} arasında seçin: ",
        .promptRetryChoice: "Lütfen 0 ile {max} arasında bir sayı girin.",
        .promptCancel: "İptal",
        .promptGoogleTitle: "{app} uygulamasına devam etmek için bir Google hesabı seçin:",
        .promptConsentIntro: "{app}, \"{name}\" ({email}) {provider} hesabınızı kullanmak istiyor.",
        .promptConsentShare: "Devam et ve e-postamı paylaş",
        .promptConsentHide: "Devam et ve e-postamı gizle",
        .promptConsentChoose: "1, 2 veya 3'ü seçin: ",
        .promptConsentRetry: "Lütfen 1, 2 veya 3 girin.",
        .promptLink: "Bağlantı: ",
        .promptProviderToUnlink: "Bağlantısı kaldırılacak sağlayıcı ({providers}): ",

        // Results.
        .cancelled: "iptal edildi",
        .signInCancelled: "oturum açma iptal edildi; hiçbir şey değişmedi.",
        .signUpCancelled: "kaydolma iptal edildi; hiçbir şey değişmedi.",
        .linkCancelled: "bağlama iptal edildi; hiçbir şey değişmedi.",
        .resetCancelled: "parola sıfırlama iptal edildi; e-posta gönderilmedi.",
        .openLinkCancelled: "bağlantıyı açma iptal edildi; parola olduğu gibi kaldı.",
        .resetLinkFor: "Bu bağlantı {email} için yeni bir parola belirler.",
        .changePasswordCancelled: "parola değiştirme iptal edildi; parola olduğu gibi kaldı.",
        .deleteCancelled: "hesap silme iptal edildi; hiçbir şey değişmedi.",
        .signOutCancelled: "oturum kapatma iptal edildi; hâlâ misafir olarak oturumunuz açık.",
        .accountCreated: "Hesap oluşturuldu. Oturum açıldı.",
        .linkedProvider: "{provider} bağlandı.",
        .uidKept: "{provider} bağlandı; uid korundu.",
        .unlinkedProvider: "{provider} bağlantısı kaldırıldı.",
        .signedOutDone: "Oturum kapatıldı. Yenileme belirteci iptal edildi ve kayıtlı oturum silindi.",
        .resetMailed:
            "{email} adresine ait bir hesap varsa bu adrese bir sıfırlama bağlantısı gönderildi. Giden kutusu: {folder}; 'signin-demo outbox' ile görüntüleyebilirsiniz.",
        .passwordResetDone:
            "Parola değiştirildi. Hesabın tüm oturumları sonlandırıldı; 'signin-demo sign-in email' ile oturum açın.",
        .passwordChanged: "Parola değiştirildi. Hesabın diğer tüm oturumları sonlandırıldı; bu oturum devam ediyor.",
        .credentialState: "Apple kimlik bilgisi durumu: {state}.",
        .appleRevoked:
            "Ayarlar > Apple Kimliği'nde olduğu gibi, signin-demo için Apple ile Giriş Yap artık kapalı. Uygulamanın bunu nasıl fark ettiğini görmek için 'signin-demo check-credential' çalıştırın.",
        .appleNothingToRevoke:
            "signin-demo: iptal edilecek bir şey yok: Apple ile Giriş Yap, signin-demo ile kullanılmıyordu.",
        .accountDeleted: "Hesap silindi: kimlikleri ve belirteçleri kaldırıldı, oturumunuz kapatıldı.",
        .outboxEmpty: "Giden kutusu ({folder}) boş.",
        .outboxLine: "{date}  alıcı: {to}  {subject}",
        .notSignedIn: "Oturum açık değil.",
        .sessionExpiredOffline: "signin-demo: oturumun süresi doldu ve oturum yenilenemedi.",
        .storedSessionKeptAs: "Okunamayan dosya {path} olarak saklandı.",
        .recoverHint: "Hesabınız değişmedi. Diğer hesabı kullanmak için: signin-demo sign-in {provider}",
        .switchedAccount: "Kimlik bilgisinin ait olduğu hesapta oturum açıldı.",
        .guestWarning:
            "Misafir olarak oturum açtınız. Başka bir sağlayıcıyla oturum açarsanız misafir hesaptan çıkarsınız ve bu hesapta kimse yeniden oturum açamaz. Hesabı korumak için bunun yerine bağlayın: signin-demo link {provider}. Yine de çıkılsın mı? [e/H] ",
        .statusSignedIn: "Oturum açık.",
        .statusUID: "uid",
        .statusEmail: "e-posta",
        .statusName: "ad",
        .statusPhoto: "fotoğraf",
        .statusProviders: "sağlayıcılar",
        .statusGuest: "misafir",
        .statusNewUser: "yeni kullanıcı",
        .statusIDToken: "kimlik belirteci",
        .statusRefreshToken: "yenileme belirteci",
        .statusNone: "yok",
        .statusYes: "evet",
        .statusNo: "hayır",
        .statusExpires: "geçerlilik sonu {date}",

        // What to do next.
        .hintSignIn: "Önce oturum açın: signin-demo sign-in {providers}.",
        .hintSignInMenu: "Önce oturum açma seçeneklerinden birini ({items}) seçin.",
        .hintWrongCredentials:
            "E-postayı ve parolayı kontrol edin ya da kendinize bir sıfırlama bağlantısı gönderin: signin-demo reset-password.",
        .hintEmailInUse:
            "Bunun yerine o hesapta oturum açıp (signin-demo sign-in email) ardından bağlayın ya da başka bir e-posta kullanın.",
        .hintInvalidLink:
            "Bağlantıyı tam olarak e-postada göründüğü gibi açın ('signin-demo outbox' bağlantıları listeler) ya da yenisini isteyin: signin-demo reset-password.",
        .hintDataFolder:
            "{folder} veri klasörü kullanılamıyor ({reason}). --data-dir ile başka bir klasör seçin ya da bu klasörü düzeltin: size ait ve yazma izniniz olan bir klasör olmalı.",
        .hintBackendDamaged:
            "{folder} içindeki gömülü arka uç durumu okunamıyor ({reason}). Hiçbir şey değiştirilmedi: arka uç klasörünü bir yedekten geri yükleyin ya da yeni bir kurulum başlatmak için başka bir yere taşıyın.",
        .hintDetailsVerbose: "Ayrıntılar: {details}",
        .hintWrongCredentialsMenu:
            "E-postayı ve parolayı denetleyin ya da kendinize bir sıfırlama bağlantısı göndermek için {item} seçin.",
        .hintWrongPassword:
            "Parolayı kontrol edin ya da kendinize bir sıfırlama bağlantısı gönderin: signin-demo reset-password.",
        .hintWrongPasswordMenu:
            "Parolayı kontrol edin ya da kendinize bir sıfırlama bağlantısı göndermek için {item} seçin.",
        .hintEmailNotFound: "E-postayı kontrol edin ya da bu e-postayla bir hesap oluşturun: signin-demo sign-up.",
        .hintEmailNotFoundMenu: "E-postayı kontrol edin ya da bu e-postayla bir hesap oluşturmak için {item} seçin.",
        .hintEmailInUseMenu:
            "Bunun yerine o hesapla oturum açın ({item}), sonra bağlayın; ya da başka bir e-posta kullanın.",
        .hintInvalidLinkMenu:
            "Bağlantıyı e-postada göründüğü gibi açın ({also} giden kutusunu gösterir) ya da yenisi için {item} seçin.",

        // The interactive menu.
        .menuHeading: "signin-demo interactive: veri klasörü {folder}",
        .menuWhatNext: "Ne yapmak istersiniz?",
        .menuQuit: "Çık",
        .menuChoose: "Seçiminiz: ",
        .menuRetry: "Lütfen 0 ile {max} arasında bir sayı girin: ",
        .menuSignInApple: "Apple ile Giriş Yap",
        .menuSignInGoogle: "Google ile oturum aç",
        .menuSignInGuest: "Misafir olarak oturum aç",
        .menuSignInEmail: "E-posta ile oturum aç",
        .menuSignInCustomToken: "Sunucunuzdan gelen özel belirteçle oturum aç",
        .menuSignUp: "E-posta ile kaydol",
        .menuLinkApple: "Apple'ı bağla",
        .menuLinkGoogle: "Google'ı bağla",
        .menuLinkEmail: "E-posta ve parola bağla",
        .menuUnlink: "Bir sağlayıcının bağlantısını kaldır",
        .menuSignInWith: "{provider} ile oturum aç",
        .menuLinkWith: "{provider} hesabını bağla",
        .menuStatus: "Durum",
        .menuResetPassword: "Parolayı sıfırla (bağlantı gönder)",
        .menuOutbox: "Giden kutusunu göster",
        .menuOpenLink: "E-postadaki bir bağlantıyı aç",
        .menuCheckCredential: "Apple kimlik bilgisi durumunu denetle",
        .menuAppleRevoke: "Apple ile Giriş Yap'ı kullanmayı durdur (demo yardımcısı)",
        .menuDeleteAccount: "Hesabı sil",
        .menuSignOut: "Oturumu kapat",
        .menuChangePassword: "Parolayı değiştir",

        // The guided tour.
        .tourIntro: "signin-demo: gömülü arka uç aynı işlem içinde çalışıyor; veri klasörü {folder}",
        .tourStep1: "1. Açılış: kayıtlı oturum geri yüklenir (RestoreSessionUseCase)",
        .tourFoundSession: "önceki bir çalıştırmadan kalan {uid} oturumu bulundu; yine de yeniden oturum açılıyor",
        .tourDiscardedSession: "kayıtlı oturum okunamadı ve {path} olarak saklandı",
        .tourNoSession: "kayıtlı oturum yok: oturum kapalı",
        .tourStep2: "2. Apple ile Giriş Yap (KMP uygulamasının akışı)",
        .tourStep3: "3. Yeniden açılış: yeni bir işlem oturumu {path} konumundan geri yükler",
        .tourRestored: "{uid} geri yüklendi: aynı kullanıcı, oturum açmaya gerek yok",
        .tourStep4: "4. Bir saat sonra: kimlik belirtecinin süresi doldu, bu yüzden geri yükleme onu yeniler",
        .tourNewToken: "yeni kimlik belirteci, geçerlilik sonu {date}",
        .tourOldRefreshRefused:
            "önceki yenileme belirteci artık reddediliyor ({code}): belirteçler yenilenerek değişir; daha sonra yeniden kullanılırsa çalınmış sayılır ve tüm zinciri iptal edilir",
        .tourStep5: "5. Oturum açmış kullanıcı olarak uygulamanın API'sini çağırma (AuthorizedAPIClient, GET /v1/me)",
        .tourHTTP: "HTTP {status}: {body}",
        .tourStep6: "6. Şimdiye dönüş: Google ile oturum açma (hesap seçici ilk hesabı seçer)",
        .tourSignedInAs: "{email} olarak {providers} ile oturum açıldı",
        .tourStep7: "7. Misafir, e-posta ve parola bağlar, oturumu kapatır ve e-postayla oturum açar: aynı uid",
        .tourGuest: "misafir {uid}, sağlayıcılar: yok",
        .tourLinked: "{email} bağlandı: uid {uid} korundu, sağlayıcılar: {providers}",
        .tourSignedOut: "oturum kapatıldı",
        .tourSameUID: "e-postayla oturum açıldı: uid {uid}, misafirin kendi uid'si",
        .tourStep8: "8. Parola sıfırlama: e-posta giden kutusuna gider, içindeki bağlantı yeni parola belirler",
        .tourMailSent: "{to} alıcısına giden sıfırlama e-postası {folder} içinde",
        .tourItsLink: "bağlantısı: {link} (kod gizlidir; 'signin-demo outbox' kodu gösterir)",
        .tourLinkOpened:
            "bağlantı sıfırlama ekranını açtı; yeni parola belirlendi ve bu cihazdaki hesap oturumu sona erdi",
        .tourOldPasswordRefused: "eski parola reddedildi: {message}",
        .tourLinkOnce: "bağlantı yalnızca bir kez çalışır: {message}",
        .tourNewPasswordWorks: "yeni parolayla oturum açılabiliyor",
        .tourStepEmailLink:
            "9. E-postayla oturum açma bağlantısı: parola yok, bağlantı isteyen cihazda tek başına oturum açar",
        .tourSignInLinkSent:
            "{to} alıcısına giden oturum açma e-postası {folder} içinde; bu cihaz e-posta adresini hatırlar",
        .tourSignInLinkOpened: "bağlantı parola olmadan aynı hesapta ({uid}) oturum açtı",
        .tourSignInLinkOnce: "bağlantı yalnızca bir kez çalışır: {message}",
        .tourEmailLinkSkipped: "bu arka uç oturum açma bağlantısı sunmuyor: atlandı",
        .tourStepPhone:
            "10. Telefon numarası: SMS ile gelen kod onu bağlar, sonra parola olmadan aynı hesapta oturum açar",
        .tourPhoneLinked: "{phone} numarasına giden SMS {folder} içinde; kodu numarayı {uid} hesabına bağladı",
        .tourPhoneSignedIn: "oturum kapatılıp yalnızca yeni bir SMS koduyla yeniden açıldı: aynı hesap ({uid})",
        .tourPhoneSkipped: "bu arka uç telefonla oturum açma sunmuyor: atlandı",
        .tourStep9: "13. Apple iptali: kullanıcı Apple ile Giriş Yap'ı kullanmayı bırakır ve uygulama oturumu kapatır",
        .tourStopUsing: "Ayarlar > Apple Kimliği > Apple ile Giriş Yap > signin-demo > Kullanmayı Durdur",
        .tourCredentialState: "kimlik bilgisi durumu: {state}; {message}",
        .tourStep10: "14. Hesabı silme (misafirken e-posta hesabına dönüşen hesap)",
        .tourDeleted: "silindi; oturum kapatıldı",
        .tourSignInAgain: "bu hesapta yeniden oturum açma: {message}",
        .tourStep11: "15. Yeniden Apple ile Giriş Yap: iptalden sonra Apple adı bir kez daha gönderir",
        .tourDone:
            "Bitti: tüm akışlar gömülü arka uçta çalıştı. 'signin-demo status', 'signin-demo interactive' ve 'signin-demo --help' komutlarını deneyin; hepsi bu veri klasörünü kullanır.",
        .tourFailed: "signin-demo: tur durdu: {reason}",
        .tourAccepted: "kabul edildi, oysa edilmemeliydi",

        // Backends and the server.
        .optionBackend:
            "Arka uç: embedded (süreç içi, varsayılan), firebase (REST API'si üzerinden) ya da rest (kendi API'niz, --base-url ile).",
        .optionPort: "127.0.0.1 üzerinde dinlenecek port (varsayılan 9099; 0 boş bir port seçer).",
        .optionProject:
            "Kimlik belirteçlerinde yazan Firebase proje kimliği (varsayılan: $FIREBASE_PROJECT_ID, yoksa $GCLOUD_PROJECT, yoksa demo-signin).",
        .optionAcceptUnsignedTokens:
            "Google'ın emülatörü gibi imzasız kimlik belirteçlerini de (talepleri içeren bir JSON nesnesi ya da alg none) her sağlayıcı kimliği için, bir SAML sağlayıcısının SAMLResponse yanıtını da JSON olarak kabul et: sunucuya ulaşan herkes herkesin yerine giriş yapabilir, bu yüzden yalnızca testler için.",
        .optionTestClock:
            "Sunucunun saatini bir test takımının sahte zamanlayıcıları gibi durdur ve takımın onu beklemek yerine /emulator/v1/projects/ID/clock üzerinden ileri almasına izin ver: belirteçler, kodlar ve sınırlar o zaman erken dolar, bu yüzden yalnızca testler için.",
        .optionAsGoogleEmulator:
            "Bu sunucunun daha sıkı olduğu ya da daha çok şey söylediği yerlerde Google'ın Auth emülatörü gibi yanıt ver: 6 karakterden itibaren parolalar (8 değil, Firebase alt sınırı), yalnızca koddan oluşan hata iletileri, yoldaki her proje kimliği, bir istek ilk kez adını verdiğinde tüm oturum açma yöntemleri açık olarak oluşturulan bir kiracı bir kaydın kod gönderilmeden listelediği telefon ikinci faktörleri, localhost için geçiş anahtarları ve yalnızca biçimine bakılarak sahip kimlik bilgisi sayılan bir Google erişim belirteci (Bearer ya29.…). O emülatöre karşı yazılmış testler için.",
        .optionIDTokenFile:
            "Sağlayıcının başka yerde alınmış kimlik belirtecini içeren dosya (Firebase burada giriş ekranı göstermez).",
        .commandServeSummary: "gömülü arka ucu HTTP üzerinden, bir Firebase Auth emülatörü olarak sun",
        .commandServeDetails: """
        Gömülü arka ucu 127.0.0.1 üzerinde, Firebase Authentication'ın REST API'sini (Identity Toolkit v1 ve
        Secure Token API) emülatörün adreslerinde konuşan bir HTTP sunucusu olarak çalıştırır; ayrıca emülatörün
        oobCodes ve accounts uç noktalarını, benzetilmiş Apple ve Google girişini ve uygulamanın API'sini
        (GET /v1/me) sunar. Bir Firebase istemcisini FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:PORT ile buna
        yönlendirin, örneğin `signin-demo --backend firebase`. Google'ın kendi emülatöründen farklı olarak
        imzaları, nonce'ları ve süreleri denetler. Her istek için standart hataya belirteç, parola ya da anahtar
        içermeyen bir satır yazar. Ctrl-C (ya da SIGTERM) süren istekler bittikten sonra durdurur.
        """,
        .usageUnknownBackend: "bilinmeyen arka uç '{backend}' (embedded, firebase ya da rest kullanın)",
        .usageFirebaseNeedsKey:
            "--backend firebase için FIREBASE_API_KEY (projenizin Web API anahtarı) ya da FIREBASE_AUTH_EMULATOR_HOST=host:port (signin-demo serve gibi bir emülatör) gerekir",
        .usageInvalidEmulatorHost:
            "FIREBASE_AUTH_EMULATOR_HOST, 127.0.0.1:9099 gibi host:port olmalı (şu an '{host}')",
        .usageBadPort: "port 0 ile 65535 arasında bir sayı olmalı (şu an '{port}')",
        .hintProjectMismatch:
            "Emülatör {project} dışında bir Firebase projesi sunuyor: FIREBASE_PROJECT_ID değişkenini emülatörün başlarken adını verdiği projeye ayarlayın.",
        .usageBadCustomTokenAccount:
            "özel belirteçle --account sunucunuzdaki kullanıcı kimliğidir: 1 ile {maximum} karakter arası",
        .usageBadProject: "proje kimliği harf, rakam ve '-' içerir, en çok 63 karakter (şu an '{project}')",
        .usageNeedsIDToken:
            "bu Firebase arka ucunun burada {provider} giriş ekranı yok: başka yerde alınmış bir kimlik belirtecini --id-token-file DOSYA ile verin (ya da SIGNIN_DEMO_ID_TOKEN ve nonce'u için SIGNIN_DEMO_RAW_NONCE)",
        .usageIDTokenUnreadable: "{path} içindeki kimlik belirteci okunamıyor: {reason}",
        .usageNoSimulatedApple:
            "{command} benzetilmiş bir Apple kimliği gerektirir ve bir Firebase projesinde bu yoktur: gömülü arka ucu ya da signin-demo serve'ü kullanın",
        .usageNoMailbox:
            "bu arka uç bağlantılarını kullanıcının kendi gelen kutusuna gönderir ve bu komut onu okuyamaz (yalnızca gömülü arka uç ve signin-demo serve bir giden kutusu tutar): e-postayı açın ve bağlantısıyla signin-demo open-link komutunu çalıştırın",
        .usageTourNeedsSimulation:
            "rehberli tur benzetilmiş Apple kimliğiyle giriş yapar ve bir Firebase projesinde bu yoktur: turu gömülü arka uçla ya da signin-demo serve ile çalıştırın ya da komutları tek tek çalıştırın",
        .serveListening:
            "Gömülü arka uç {url} adresinde {project} Firebase projesi olarak sunuluyor (veriler {folder} içinde).\nBir Firebase istemcisini buna yönlendirin: FIREBASE_AUTH_EMULATOR_HOST={host} FIREBASE_PROJECT_ID={project} signin-demo --backend firebase\nDurdurmak için Ctrl-C.",
        .serveStopped: "Süren istekler bittikten sonra durduruldu.",
        .serveUnsignedTokensWarning:
            "signin-demo: imzasız kimlik belirteçleri kabul ediliyor: bu sunucuya ulaşan herkes herkesin yerine giriş yapabilir. Yalnızca testler için.",
        .optionUnsignedSessionTokens:
            "Kimlik belirteçlerini ve oturum çerezlerini Google'ın Auth emülatörü gibi imzasız (alg none) ver ve bu tür belirteçleri projelerini, sürelerini ve hesaplarını yine denetleyerek geri al: o zaman sunucuya erişebilen herkes herkes olarak oturum açabilir. O emülatöre karşı yazılmış testler için; aksi hâlde yayımlanan anahtarlarla RS256 imzalıdır.",
        .serveUnsignedSessionTokensWarning:
            "signin-demo: kimlik belirteçleri ve oturum çerezleri imzasız: bu sunucuya erişebilen herkes herhangi bir hesap için oturum oluşturabilir. Yalnızca testler için.",
        .serveTestClockWarning:
            "signin-demo: test saati açık: bu sunucunun herhangi bir istemcisi saatini ileri alabilir. Yalnızca testler için.",
        .serveAsGoogleEmulatorWarning:
            "signin-demo: Google'ın Auth emülatörü gibi yanıt veriliyor: 6 karakterlik parolalar kabul edilir, hatalar yalnızca kodlarını söyler, her proje kimliğine yanıt verilir, bir istek adını verdiğinde kiracı oluşturulur, bir kayıt ikinci faktör listeleyebilir ve her Google erişim belirteci sahip sayılır. Yalnızca testler için.",
        .serveFailed: "Sunucu başlatılamadı: {reason}",
        .resetMailedFirebase: "{email} adresinin bir hesabı varsa Firebase ona parola sıfırlama bağlantısı gönderdi.",
        .helpBackends:
            "Arka uçlar: --backend embedded (varsayılan: süreç içi, çevrimdışı); FIREBASE_API_KEY ile veya signin-demo serve gibi bir emülatör için FIREBASE_AUTH_EMULATOR_HOST=host:port ile --backend firebase; kendi API'niz için --backend rest --base-url URL.",
        .tourIntroFirebase:
            "signin-demo: arka uç, {host} adresindeki Firebase Authentication REST API'si; veri klasörü {folder}",
        .tourDoneFirebase:
            "Bitti: tüm akışlar HTTP üzerinden Firebase REST API'siyle çalıştı. 'signin-demo --backend firebase status' komutunu deneyin; aynı değişkenler onu aynı arka uca yönlendirir.",
        .servePortInUse:
            "{port} numaralı port kullanımda: öteki sunucuyu durdurun ya da --port ile başka bir port seçin (0 boş bir port seçer)",
        .reasonNoSuchFile: "böyle bir dosya yok ya da okunamıyor",
        .reasonTooLong: "16 KiB'tan uzun",
        .reasonNotOneLine: "yazdırılabilir ASCII'den oluşan tek bir satır değil",
        .signedOutLocal:
            "Bu cihazda oturum kapatıldı: kayıtlı oturum silindi. Bu arka ucun tek bir oturumu iptal eden bir çağrısı yok; belirteci süresi dolana, parola değişene ya da hesap silinene kadar geçerli kalır.",
        .usageIDTokenOnlyForProviders:
            "--id-token-file kimlik belirteci veren sağlayıcılar içindir: sign-in {providers}, link {providers} ve yeniden giriş yapan komutlar",
        .optionBaseURL:
            "--backend rest ile: kendi API'nizin temel adresi (http ya da https), örneğin http://127.0.0.1:8000.",
        .commandMeSummary: "uygulamanın API'sini oturum açmış kullanıcı olarak çağır",
        .commandMeDetails:
            "Uygulamanın API'sini (GET /v1/me ya da --backend rest ile kendi API'nizin geçerli kullanıcı uç noktası) AuthorizedAPIClient üzerinden çağırır: oturumun belirteci Bearer olarak gider, 401 gelirse bir kez yenilenip yeniden denenir. Durum kodunu ve yanıtı yazdırır.",
        .usageBadBaseURL:
            "--base-url, ana makinesi olan, kullanıcı, sorgu ya da parça içermeyen bir http ya da https adresi olmalı (şu an '{url}')",
        .usageRESTNeedsBaseURL:
            "--backend rest için --base-url URL gerekir: kendi API'nizin temel adresi, örneğin http://127.0.0.1:8000",
        .usageNoAppAPI:
            "bu arka ucun çağrılacak bir uygulama API'si yok: bir Firebase projesi uygulamanızın sunucusu değildir",
        .apiAnswer: "HTTP {status}: {body}",
        .resetMailedByServer:
            "{email} adresinin bir hesabı varsa sunucu ona parola sıfırlama bağlantısı gönderdi; o bağlantıyla signin-demo open-link komutunu çalıştırın.",
        .hintInvalidLinkNoOutbox:
            "Bağlantıyı tam olarak e-postada göründüğü gibi açın ya da yenisini isteyin: signin-demo reset-password.",
        .hintInvalidLinkNoOutboxMenu: "Bağlantıyı e-postada göründüğü gibi açın ya da yenisi için {item} seçin.",
        .recoverHintMenu: "Hesabınız değişmedi. Diğer hesabı kullanmak için {item} seçin.",
        .guestWarningMenu:
            "Misafir olarak oturum açtınız. Başka bir sağlayıcıyla oturum açarsanız misafir hesaptan çıkarsınız ve bu hesapta kimse yeniden oturum açamaz. Hesabı korumak için bunun yerine bağlayın: {item} seçin. Yine de çıkılsın mı? [e/H] ",
        .resetMailedMenu:
            "{email} adresine ait bir hesap varsa bu adrese bir sıfırlama bağlantısı gönderildi. Giden kutusu: {folder}; görüntülemek için {item} seçin.",
        .resetMailedByServerMenu:
            "{email} adresinin bir hesabı varsa sunucu ona parola sıfırlama bağlantısı gönderdi; {item} seçin ve o bağlantıyı yapıştırın.",
        .passwordResetDoneMenu:
            "Parola değiştirildi. Hesabın tüm oturumları sonlandırıldı; yeni parolayla oturum açmak için {item} seçin.",
        .appleRevokedMenu:
            "Ayarlar > Apple Kimliği'nde olduğu gibi, signin-demo için Apple ile Giriş Yap artık kapalı. Uygulamanın bunu nasıl fark ettiğini görmek için {item} seçin.",
        .listSeparator: ", ",
        .optionCode:
            "Doğrulama uygulamasının 6 haneli kodu ya da hesabın kurtarma kodlarından biri; kod isteyen bir oturum açma için (hassas bir komuttan önce yeniden oturum açma da dahil). mfa enroll ilk kodu her zaman terminalde sorar.",
        .commandMFASummary:
            "doğrulama uygulamasıyla iki adımlı oturum açma: ekleme, listeleme, kaldırma, kurtarma kodları",
        .commandMFADetails:
            "mfa enroll (yalnızca terminalde: bir sır gösterir) bir doğrulama uygulaması için QR kodu, metin olarak sırrı ve otpauth:// adresini gösterir, sonra uygulamadan ilk kodu ister; bundan sonra her oturum açma bir kod da ister. İlk doğrulama uygulaması bir kez gösterilen on kurtarma kodu da getirir: uygulamasını kaybeden kullanıcı için her biri kodun yerine bir kez oturum açar (--code birini alır). mfa recovery-codes (yalnızca terminalde) yeni bir takım üretir ve eski kodlar artık çalışmaz. mfa list hesabın doğrulama uygulamalarını gösterir. mfa remove [kimlik ya da sıra numarası] birini kaldırır; sonuncusunu kaldırmak iki adımlı oturum açmayı kapatır ve onay ister (--yes). Ekleme, kaldırma ve yeni kurtarma kodları yakın zamanda oturum açmış olmayı gerektirir: parola ve hesabın zaten bir doğrulama uygulaması varsa bir kod (--code). mfa enroll --phone NUMARA bunun yerine bir telefonu kaydeder: ona SMS ile bir kod gider, sonra kod sorulur (ya da sonraki bir çalıştırmada --code ile verilir); telefon adımı olan bir oturum açma ona kod gönderir ve kodu terminalde sorar. Telefon adımı doğrulanmış bir e-posta gerektirir.",
        .usageNeedsMFAAction: "mfa ne yapacağını bilmeli: {actions}.",
        .usageUnknownMFAAction: "\"{action}\" mfa'nın yaptığı bir şey değil. Şunlardan birini kullanın: {actions}.",
        .usageMFAEnrollNeedsTerminal:
            "mfa enroll bir sır gösterir ve ardından ondan hesaplanan bir kod ister: bir terminalde çalıştırın (ya da signin-demo interactive içinde seçin).",
        .usageNeedsCode:
            "Bu hesap iki adımlı oturum açma kullanıyor. Doğrulama uygulamasındaki kodu (ya da bir kurtarma kodunu) --code ile verin ya da sorulması için komutu bir terminalde çalıştırın.",
        .usageNeedsYesToRemoveLast:
            "Bu, hesabın son doğrulama uygulaması: kaldırmak iki adımlı oturum açmayı kapatır. Yine de kaldırmak için --yes ekleyin.",
        .usageNeedsFactorID:
            "Hesabın birden fazla doğrulama uygulaması var; kaldırılacak olanı belirtin: signin-demo mfa remove ID (şunlardan biri: {ids}).",
        .promptMFACode: "Doğrulama uygulamasındaki kod (ya da bir kurtarma kodu): ",
        .promptMFACodeFactor: "Kodunuz hangi doğrulama uygulamasından (1-{max})? ",
        .optionFactor:
            "Hesabın birden fazla doğrulama uygulaması varsa --code'un hangisinden geldiği: kimliği ya da mfa list'teki sıra numarası.",
        .usageNeedsFactor:
            "Bu hesabın birden fazla doğrulama uygulaması var; kodun hangisinden geldiğini --factor ile belirtin (bir sıra numarası ya da kimlik: {factors}).",
        .promptMFAFactor: "Hangisi kaldırılsın (1-{max})? ",
        .promptConfirmYesNo: "[e/H] ",
        .mfaScanQR: "Bu QR kodunu bir doğrulama uygulamasıyla tarayın (Google Authenticator, 1Password, Authy…):",
        .mfaSecretLine: "Ya da bu sırrı uygulamaya yazın: {secret}",
        .mfaURILine: "Adresi: {uri}",
        .mfaEnrolled:
            "İki adımlı oturum açma açık: bu hesabın her oturum açması artık doğrulama uygulamasından bir kod istiyor.",
        .mfaEnrollCancelled: "Hiçbir doğrulama uygulaması eklenmedi.",
        .mfaNone: "Bu hesabın doğrulama uygulaması yok: iki adımlı oturum açma kapalı.",
        .mfaFactorLine: "  {number}. {name}  (kimlik {id}, eklendi {date})",
        .mfaUnnamed: "Doğrulama uygulaması",
        .mfaRemoved:
            "Doğrulama uygulaması kaldırıldı. Hesabın diğer tüm oturumları sonlandırıldı; bu oturum devam ediyor.",
        .mfaRemovedLast:
            "Doğrulama uygulaması kaldırıldı: iki adımlı oturum açma kapalı ve yalnızca parola oturum açar. Hesabın diğer tüm oturumları sonlandırıldı.",
        .mfaRemoveCancelled: "Hiçbir doğrulama uygulaması kaldırılmadı.",
        .menuMFAEnroll: "İki adımlı oturum açmayı aç (doğrulama uygulaması ekle)",
        .menuMFAList: "Doğrulama uygulamalarını listele",
        .menuMFARemove: "Bir doğrulama uygulamasını kaldır",
        .menuMFARecoveryCodes: "Yeni kurtarma kodları üret",
        .tourStepMFA: "11. İki adımlı oturum açma: paroladan sonra doğrulama uygulamasının kodu",
        .tourMFAScanned: "doğrulama uygulaması (burada benzetim) {uri} adresini tarıyor",
        .tourMFAOn: "ilk kodu kaydı onayladı: iki adımlı oturum açma açık",
        .tourMFAAsked:
            "oturum kapatıldı ve yeniden açılıyor: parola tek başına kimseyi içeri almıyor, ekran bir kod istiyor",
        .tourMFASignedIn: "uygulamanın sonraki kodu oturum açmayı tamamladı ({uid})",
        .tourMFAOff:
            "doğrulama uygulaması kaldırıldı (son uygulama olarak onaylandı): parola yeniden tek başına oturum açıyor",
        .tourMFASkipped: "bu arka uç iki adımlı oturum açma sunmuyor: atlandı",
        .usageBadCode:
            "\"{code}\" bir kod değil: doğrulama uygulaması 6 hane gösterir, bir kurtarma kodu ise 10 harf ve rakamdır (0, 1, i, l ya da o hiç yoktur).",
        .usageMFAEnrollNeedsScreen:
            "mfa enroll yalnızca sizin görmeniz gereken bir sır gösterir: çıktısı terminalde olacak şekilde çalıştırın, bir dosyaya ya da boruya yönlendirmeden.",
        .usageMFAOptionNotForAction: "{option} 'mfa {action}' için geçerli değil.",
        .mfaRecoveryCodesFirst:
            "Kurtarma kodlarınız. Doğrulama uygulamasını kaybederseniz her biri kodun yerine bir kez oturum açar. Güvenli bir yerde saklayın: yalnızca şimdi gösteriliyorlar.",
        .mfaRecoveryCodesNew:
            "Yeni kurtarma kodlarınız; öncekiler artık çalışmaz. Her biri kodun yerine bir kez oturum açar. Güvenli bir yerde saklayın: yalnızca şimdi gösteriliyorlar.",
        .mfaRecoveryCodeUsed:
            "Bir kurtarma koduyla oturum açıldı; o kod artık çalışmaz. Kalan kurtarma kodu: {left}.",
        .mfaRecoveryCodesUsedUp:
            "Bu son kurtarma kodunuzdu: signin-demo mfa recovery-codes ile yenilerini üretin.",
        .usageMFARecoveryCodesNeedsScreen:
            "mfa recovery-codes yalnızca sizin görmeniz gereken kodlar gösterir: çıktısı terminalde olacak şekilde çalıştırın, bir dosyaya ya da boruya yönlendirmeden.",
        .usageMFASecretsNotInJSON:
            "mfa {action} yalnızca sizin görmeniz gereken sırlar gösterir ve --json çıktısı bunları asla taşımaz: --json olmadan, terminalde çalıştırın.",
        .promptMFAFirstCode: "Doğrulama uygulamasındaki kod: ",
        .promptMFACodeFactorOrRecovery:
            "Kodunuz hangi doğrulama uygulamasından (1-{max})? Ya da bir kurtarma kodu yazın: ",
        .promptNumberInRange: "1 ile {max} arasında bir sayıyla yanıtlayın.",
        .statusRedacted: "(gizli)",
        .optionIssuer:
            "oidc.AD ile sign-in ve link: OpenID Connect sağlayıcısının yayıncısı (https://…, ya da 127.0.0.1 üzerinde http://); sağlayıcıyı veri klasörüne kaydeder.",
        .optionClientID:
            "--issuer ile: bu uygulamanın sağlayıcıdaki istemci kimliği.",
        .usageOIDCNotRegistered:
            "{provider} bu veri klasöründe kayıtlı değil. Bir kez --issuer URL --client-id KİMLİK ile kaydedin.",
        .usageOIDCNeedsIssuer:
            "{provider} için --issuer URL ve --client-id KİMLİK birlikte gerekir.",
        .usageBadIssuer:
            "'{issuer}' yayıncı olamaz: sorgu ve parça içermeyen bir https:// adresi verin (http:// yalnızca 127.0.0.1, ::1 ya da localhost üzerinde).",
        .usageBadClientID:
            "İstemci kimliği boş, çok uzun ya da çevresinde boşluk var.",
        .usageBadOIDCName:
            "'{name}' bir sağlayıcı adı olamaz: 'oidc.' sonrasında 1 ile 40 arası küçük harf, rakam ve '-' kullanın.",
        .usageIssuerOnlyForOIDC:
            "--issuer ve --client-id OpenID Connect sağlayıcıları içindir: 'sign-in oidc.AD' ya da 'link oidc.AD'.",
        .oidcOpenBrowser:
            "Oturum açmak için bu adresi bir tarayıcıda açın: {url}",
        .oidcPageTitle:
            "signin-demo'ya dönün",
        .oidcPageMessage:
            "Sağlayıcının yanıtı signin-demo'ya iletildi; oturum açıp açmadığınızı orada görürsünüz. Bu sayfayı kapatabilirsiniz.",
        .optionClientSecretFile:
            "--issuer ile: uygulamayı gizli istemci olarak kaydeden bir sağlayıcı için uygulamanın istemci sırrını tutan dosya; sır her girişte oradan okunur, başka yerde saklanmaz.",
        .optionClientSecretEnvironment:
            "--issuer ile: uygulamanın sağlayıcıdaki istemci sırrını tutan ortam değişkeni (dosya yerine).",
        .usageSecretNeedsRegistration:
            "--client-secret-file ya da --client-secret-env (yalnızca biri) bir sağlayıcının istemci sırrını kaydeder: --issuer ve --client-id ile birlikte verin.",
        .oidcSecretUnreadable: "{provider} sağlayıcısının istemci sırrı {source} kaynağından okunamadı: {reason}.",
        .reasonEmptySecret: "boş ya da tek satır değil",
        .noPasswordToChange: "Bu hesabın henüz bir parolası yok, bu yüzden değiştirilecek bir parola da yok.",
        .hintAddPassword: "Şununla bir parola ekleyin: signin-demo link email.",
        .hintAddPasswordMenu: "Bir parola eklemek için {item} seçin.",
        .optionScope:
            "--issuer ile: sağlayıcıdan istenecek kapsamlar, boşluk ya da virgülle ayrılmış (openid her zaman istenir; varsayılan openid email profile).",
        .optionDisplayName:
            "--issuer ile: sağlayıcının insanların gördüğü adı (varsayılan, oidc. sonrasındaki adıdır).",
        .usageNeedsRegistration:
            "{option} bir sağlayıcının kaydının parçasıdır: --issuer ve --client-id ile birlikte verin.",
        .usageBadScope: "Bir kapsamın içinde boşluk, tırnak, ters eğik çizgi ya da denetim karakteri olamaz.",
        .usageBaseURLOnlyForREST: "--base-url kendi API'nizin adresidir: --backend rest ile birlikte verin.",
        .menuChooseAgain: "Seçin (1-{max}, menü için ?, çıkmak için 0): ",
        .menuUpdateProfile: "Görünen adı değiştir",
        .menuMe: "Uygulamanın API'sini oturum açmış kullanıcı olarak çağır",
        .promptDisplayName: "Yeni görünen ad: ",
        .outboxSubjectReset: "Parolanızı sıfırlayın",
        .outboxSubjectVerify: "E-postanızı doğrulayın",
        .outboxSubjectSignIn: "Oturum açma bağlantınız",
        .outboxSMSLine: "{date}  {to} numarasına SMS  kod {code}",
        .promptPhone: "Uluslararası biçimde telefon numarası (+905551234567): ",
        .promptPhoneCode: "SMS'teki 6 haneli kod: ",
        .phoneCodeSentAsk: "{phone} numarasına SMS ile bir kod gönderildi; 'signin-demo outbox' kodu gösterir.",
        .phoneCodeSent:
            "{phone} numarasına SMS ile bir kod gönderildi. Mesajlar {folder} içinde; 'signin-demo outbox' onları gösterir. Ardından 'signin-demo {command} --phone {phone} --code KOD' çalıştırın.",
        .phoneCodeSentElsewhere:
            "{phone} numarasına SMS ile bir kod gönderildi. Ardından 'signin-demo {command} --phone {phone} --code KOD' çalıştırın.",
        .linkedPhone: "{phone} bağlandı: uid {uid} korundu",
        .usagePhoneNoCodeSent:
            "bu veri klasöründen {phone} numarasına kod gönderilmedi ya da kod kullanıldı. Kod göndermek için komutu --code olmadan çalıştırın.",
        .optionPhone:
            "Uluslararası biçimde bir telefon numarası (+905551234567): sign-in phone ve link phone ona SMS ile kod gönderir.",
        .helpPhoneProvider: "SMS ile gönderilen kodla kanıtlanan bir telefon numarası (--phone +905551234567)",
        .menuSignInPhone: "Telefonunuza gönderilen kodla oturum açın",
        .menuLinkPhone: "Telefon numarası bağlayın",
        .usageNeedsPhone: "standart girdi bir terminal değilken {command} --phone gerektirir",
        .usagePhoneFactorNeedsTerminal:
            "bu hesabın ikinci adımı bir telefon: kodu oturum açma sırasında SMS ile gelir, bu yüzden bir terminalde oturum açın",
        .mfaPhoneEnrolled: "{phone} artık bir ikinci adım: oturum açmalar ona gönderilen bir kodu ister",
        .mfaPhoneFactor: "Telefon {phone}",
        .outboxCode: "ya da {code} kodunu yazın (signin-demo sign-in email-link --email … --code {code})",
        .menuSignInEmailLink: "Size gönderilen bir bağlantıyla oturum aç",
        .signInLinkMailed:
            "{email} adresine bir oturum açma bağlantısı gönderildi. Giden kutusu {folder}; 'signin-demo outbox' ile gösterin, sonra bağlantıyı 'signin-demo open-link' ile açın.",
        .signInLinkMailedMenu:
            "{email} adresine bir oturum açma bağlantısı gönderildi. Giden kutusu {folder}; göstermek için {item} seçin, sonra bağlantıyı açın.",
        .signInLinkMailedElsewhere:
            "{email} adresine bir oturum açma bağlantısı gönderildi. Bağlantıyı 'signin-demo open-link' ile açın.",
        .promptSignInLinkEmail: "Bu bağlantı burada istenmedi. Gönderildiği e-posta: ",
        .outboxNoTime: "(zaman bildirilmedi)",
        .stateAuthorized: "yetkili",
        .stateRevoked: "iptal edilmiş",
        .stateNotFound: "bulunamadı",
        .usageRepeatedOption: "{option} iki kez verilmiş; bir kez verin.",
        .usageVersionAlone:
            "--version komut ya da işlenen almaz: 'signin-demo --version' komutunu tek başına çalıştırın.",
        .usageNeedsYesToReplaceOIDC:
            "{provider}, {issuer} yayıncısı ve {client} istemci kimliğiyle kayıtlı; bu kaydın yerine koymak için --yes ekleyin.",
        .promptReplaceOIDC:
            "{provider}, {issuer} yayıncısı ve {client} istemci kimliğiyle kayıtlı. Bu kaydın yerine konsun mu?",
        .oidcReplaceCancelled: "kayıt olduğu gibi bırakıldı; hiçbir şey değişmedi.",
        .oidcNotRegistered: "Hiçbir şey kaydedilmedi: bir sağlayıcı ancak yayıncısı yanıt verdiğinde saklanır.",
        .oidcRegistryUnreadable:
            "{path} içindeki kayıtlı OpenID Connect sağlayıcıları kullanılamadı ({reason}). Dosyayı düzeltin ya da silin.",
        .helpOIDCProvider: "herhangi bir OpenID Connect sağlayıcısı: --issuer URL --client-id KİMLİK ile kaydedin",
        .reasonNotProviderList: "her biri geçerli bir ad, yayıncı ve clientID içeren bir JSON sağlayıcı listesi değil",
        .reasonNotWritable: "dosyaya ya da klasörüne yazılamıyor",
        .reasonUntrustedFile:
            "okunamıyor ya da başkaları değiştirebilir: sizin olmalı, kipi 0600 olmalı ve yalnızca sizin denetlediğiniz klasörlerde bulunmalı",
        .commandPasskeySummary:
            "oturum açmış hesabın geçiş anahtarları: ekle, listele, kaldır",
        .commandPasskeyDetails:
            "passkey add [--name AD] bu cihazda bir geçiş anahtarı oluşturur (demonun yazılım doğrulayıcısı, veri klasöründeki device/passkeys.json dosyasında tutulur) ve arka uca kaydeder; sonrasında 'sign-in passkey' parola sormadan oturum açar. passkey list hesabın geçiş anahtarlarını gösterir. passkey remove [KİMLİK ya da numara] birini hesaptan kaldırır (cihaz onu tutabilir ama artık oturum açamaz). Eklemek ve kaldırmak yakın zamanda oturum açmış olmayı gerektirir.",
        .usageNeedsPasskeyAction:
            "passkey ne yapacağını bilmeli: {actions}.",
        .usageUnknownPasskeyAction:
            "\"{action}\", passkey'in yaptığı bir şey değil. Şunlardan birini kullanın: {actions}.",
        .usageNeedsPasskeyID:
            "Hesabın birden çok geçiş anahtarı var; kaldırılacak olanı belirtin: signin-demo passkey remove KİMLİK (şunlardan biri: {ids}).",
        .promptPasskeyToRemove:
            "Hangisi kaldırılsın (1-{max})? ",
        .passkeyAdded:
            "Geçiş anahtarı eklendi. Oturumu kapatıp 'signin-demo sign-in passkey' ile açın: parola sorulmaz.",
        .passkeyAddCancelled:
            "Hiçbir geçiş anahtarı eklenmedi.",
        .passkeyNone:
            "Bu hesabın geçiş anahtarı yok.",
        .passkeyLine:
            "  {number}. {name}  (kimlik {id})",
        .passkeyRemoved:
            "Geçiş anahtarı hesaptan kaldırıldı: artık oturum açamaz. Hesabın diğer tüm oturumları sonlandırıldı; bu oturum sürüyor.",
        .passkeyRemoveCancelled:
            "Hiçbir geçiş anahtarı kaldırılmadı.",
        .menuPasskeyAdd:
            "Geçiş anahtarı ekle",
        .menuPasskeyList:
            "Geçiş anahtarlarını listele",
        .menuPasskeyRemove:
            "Bir geçiş anahtarını kaldır",
        .menuSignInPasskey:
            "Geçiş anahtarıyla oturum aç",
        .promptPasskeyCreate:
            "{site} için {account} olarak bir geçiş anahtarı oluşturulsun mu? Özel anahtar bu cihazda kalır; siteye yalnızca açık anahtar gider.",
        .promptPasskeyCreateOption:
            "Geçiş anahtarını oluştur",
        .promptPasskeyChoose:
            "{site} sitesinde şu geçiş anahtarıyla oturum açın:",
        .tourStepPasskey:
            "12. Geçiş anahtarı: cihaz bir anahtar çifti oluşturur, arka uç açık anahtarı tutar ve sonraki oturum açma parola sormaz",
        .tourPasskeyAdded:
            "cihaz (demonun yazılım doğrulayıcısı) bir geçiş anahtarı oluşturdu; arka uç onu denetledi ve açık anahtarını tutuyor",
        .tourPasskeySignedIn:
            "oturum kapatılıp yalnızca geçiş anahtarıyla yeniden açıldı: e-posta yok, parola yok, aynı hesap",
        .tourPasskeySkipped:
            "bu arka uç geçiş anahtarı sunmuyor: atlandı",
        .usageUnknownPasskeyID:
            "Bu hesabın \"{id}\" adlı bir geçiş anahtarı yok. Şunlardan birini belirtin: {ids} (ya da passkey list'teki numarasını).",
        .passkeyUnnamed: "Geçiş anahtarı {number}",
        .passkeyRemovedHere:
            "Geçiş anahtarı hesaptan kaldırıldı: artık oturum açamaz.",
        .hintPasskeyDevice:
            "Cihazın geçiş anahtarları {file} dosyasında tutulur ({reason}). Dosya bozuksa onu kenara taşıyın: içindeki geçiş anahtarları kaybolur; hesap başka bir yolla oturum açar, sonra yenisini ekler.",
    ]
}
