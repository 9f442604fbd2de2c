extension CLIMessages {
    /// The Traditional Chinese texts (Taiwan usage): every key. `{name}` marks a value filled in at run time.
    static let traditionalChinese: [CLIText: String] = [
        // Help.
        .helpTitle: "signin-demo: 以整潔架構實作的端對端登入，在內嵌後端上執行（離線，不需帳號）。",
        .helpUsageHeading: "用法",
        .helpCommandsHeading: "指令",
        .helpOptionsHeading: "選項",
        .helpExitCodesHeading: "結束代碼",
        .helpUsageLine: "指令 [選項]",
        .helpCommandWord: "指令",
        .helpPrompts: "在終端機中，每個指令會詢問所需的資料；否則改由選項提供，缺少任何一項時以結束代碼 2 失敗。",
        .helpConsentOffTerminal:
            "標準輸入不是終端機時，'sign-in apple' 與 'sign-in google' 會自動同意（使用第一個 Google 帳號，除非 --account 指定其他帳號）；刪除帳號則絕不會自動確認。",
        .helpRecentSignIn: "刪除帳號、變更密碼及取消連結都需要在最近五分鐘內登入過；否則指令會先請您以同一個提供者重新登入。",
        .helpLocale: "文字會依照語言環境設定（LC_ALL, LC_MESSAGES, LANG）顯示：英文、土耳其文（tr）或繁體中文（zh_TW, zh_HK）。",
        .helpMoreAboutCommand: "執行 'signin-demo help 指令' 以查看單一指令的選項與範例。",
        .helpExitSuccess: "0    成功",
        .helpExitFailure: "1    失敗；'status'：沒有人登入；'check-credential'：Apple 憑證已撤銷或狀態不明",
        .helpExitUsage: "2    無法解析指令列，或缺少所需的輸入",
        .helpExitCancelled: "130  使用者已取消",
        .helpCommandUsage: "用法：{usage}",
        .helpExample: "範例：{example}",
        .helpCommandOptions: "選項",
        .helpCommandProviders: "提供者",
        .optionYes: "不經詢問直接同意並確認（Apple 同意畫面、第一個 Google 帳號、警告、delete-account）。",
        .optionHideEmail: "在 Apple 同意畫面中同意，並以私密轉寄地址隱藏電子郵件。",
        .optionAccount: "要選擇的帳號：Google 帳號，或要為其簽發自訂權杖的 uid。",
        .optionEmail: "用來登入的電子郵件（也用於敏感變更前重新登入）。",
        .optionPassword: "密碼；用於 open-link 與 change-password 時為新密碼。",
        .optionCurrentPassword: "目前的密碼，用於在敏感操作前重新登入。",
        .optionSwitchAccount: "憑證屬於另一個帳號時，改為登入該帳號。",
        .optionJSON: "輸出一個供指令碼使用的 JSON 物件，失敗時亦同。其中絕不包含權杖。",
        .optionDataDir:
            "內嵌後端、其寄件匣與工作階段的存放位置。預設：$SIGNIN_DEMO_DATA_DIR，否則為 $XDG_DATA_HOME/signin-demo，再否則為 ~/.local/share/signin-demo（macOS 上為 ~/Library/Application Support/signin-demo）。",
        .optionVerbose: "同時顯示錯誤的開發者詳細資訊，以及由什麼雜湊密碼。",
        .verboseHashing: "signin-demo: 密碼與摘要由 {implementation} 計算雜湊。",
        .optionHelp: "顯示說明：本頁，或單一指令的說明。",
        .optionVersion: "顯示版本。",
        .commandTourSummary: "所有流程的導覽，每個步驟都標示所屬的層",
        .commandTourDetails: "未指定指令時，導覽會在內嵌後端上執行所有流程，最後維持「使用 Apple 登入」的登入狀態。",
        .commandInteractiveSummary: "以選單形式執行後端提供的流程",
        .commandInteractiveDetails: "包含所有流程的選單。需要終端機。",
        .commandSignInSummary: "以已註冊的提供者登入（anonymous：訪客帳號）",
        .commandSignInDetails:
            "以提供者登入。Apple 會請求同意，Google 讓您選擇帳號，電子郵件則會詢問電子郵件地址與密碼。任何 OpenID Connect 提供者：「sign-in oidc.名稱 --issuer 網址 --client-id ID」會將其註冊於資料資料夾，並印出要在瀏覽器開啟的網址（回應會傳回 127.0.0.1）；之後只需「sign-in oidc.名稱」。「sign-in passkey」以此裝置持有的密碼金鑰登入（見 passkey add）：不會詢問電子郵件或密碼。「sign-in email-link --email 電子郵件」會寄出免密碼登入的連結（以 open-link 開啟）。",
        .commandSignUpSummary: "建立電子郵件與密碼帳號",
        .commandSignUpDetails: "以電子郵件與密碼建立帳號，並登入該帳號。",
        .commandLinkSummary: "將提供者連結到已登入的帳號（訪客會保留其 uid）",
        .commandLinkDetails: "為已登入的帳號新增一種登入方式。訪客會保留其 uid 以及為其儲存的所有資料。",
        .commandUnlinkSummary: "取消連結提供者（最後一種除外）",
        .commandUnlinkDetails: "從已登入的帳號移除一種登入方式。最後一種無法移除。需要最近登入過。",
        .commandStatusSummary: "目前登入的使用者（沒有人登入時結束代碼為 1）",
        .commandStatusDetails: "顯示已登入的帳號；若工作階段已過期，會先更新工作階段。",
        .commandSignOutSummary: "撤銷更新權杖並移除已儲存的工作階段",
        .commandSignOutDetails: "登出。訪客帳號無法再次登入，因此登出訪客前會先詢問（非終端機時需 --yes）。",
        .commandResetPasswordSummary: "將重設密碼連結寄到寄件匣",
        .commandResetPasswordDetails: "寄出可設定新密碼的連結。無論該電子郵件是否有帳號，回應都相同。",
        .commandOpenLinkSummary: "開啟郵件中的連結：重設密碼，或驗證電子郵件",
        .commandOpenLinkDetails:
            "開啟重設密碼連結並設定新密碼（該帳號的所有工作階段都會結束）、電子郵件驗證連結，或登入連結（若並非此資料夾要求的，請加上 --email 電子郵件）。",
        .commandVerifyEmailSummary:
            "寄出驗證已登入帳號電子郵件的連結",
        .commandVerifyEmailDetails:
            "寄一封驗證連結到已登入帳號的電子郵件；signin-demo open-link 可開啟它。",
        .verificationMailed:
            "驗證連結已寄到 {email}。寄件匣在 {folder}；用「signin-demo outbox」顯示，再用「signin-demo open-link」開啟連結。",
        .verificationMailedMenu:
            "驗證連結已寄到 {email}。寄件匣在 {folder}；選擇 {item} 來顯示。",
        .verificationMailedElsewhere:
            "驗證連結已寄到 {email}。請用「signin-demo open-link」開啟。",
        .emailVerified:
            "{email} 已驗證。",
        .menuVerifyEmail:
            "驗證電子郵件",
        .commandUpdateProfileSummary:
            "變更已登入帳號的顯示名稱、相片或電子郵件",
        .commandUpdateProfileDetails:
            "變更已登入帳號的顯示名稱（--name）、相片（--photo-url）或電子郵件（--new-email）。新的電子郵件需要最近登入過，尚未驗證，並成為登入用的地址。",
        .optionName: "update-profile：新的顯示名稱（空字串 '' 會移除它）。mfa enroll：驗證器的名稱。",
        .optionNewEmail:
            "已登入帳號的新電子郵件。",
        .optionPhotoURL:
            "已登入帳號新相片的網址（https:// 或 http://）；空值（''）會將其移除。",
        .usageNeedsNameOrEmail:
            "update-profile 需要 --name、--photo-url 或 --new-email",
        .profileUpdated:
            "個人資料已更新。",
        .commandChangePasswordSummary: "在登入狀態下設定新密碼；其他所有工作階段都會結束",
        .commandChangePasswordDetails: "為已登入的帳號設定新密碼。其他所有工作階段都會結束。需要最近登入過。",
        .commandOutboxSummary: "顯示內嵌後端寄出的郵件",
        .commandOutboxDetails: "列出內嵌後端寄件匣中的郵件及其連結。",
        .commandCheckCredentialSummary: "檢查 Apple 憑證狀態；已撤銷則登出",
        .commandCheckCredentialDetails:
            "向 Apple 詢問使用者是否仍在此應用程式使用「使用 Apple 登入」。已撤銷或狀態不明時會登出（結束代碼 1）。",
        .commandAppleRevokeSummary: "示範輔助工具：停止使用「使用 Apple 登入」，如同在「設定 > Apple 帳號」中操作",
        .commandAppleRevokeDetails: "模擬使用者在「設定」中對「使用 Apple 登入」選擇「停止使用」。若先前沒有任何授權，結束代碼為 1。",
        .commandDeleteAccountSummary: "刪除帳號及其身分與權杖，並登出",
        .commandDeleteAccountDetails: "永久刪除已登入的帳號。會請您輸入 DELETE（非終端機時需 --yes）。需要最近登入過。",
        .commandHelpSummary: "顯示說明，或單一指令的說明",
        .commandHelpDetails: "顯示指令清單，或單一指令的選項與範例。",
        .commandVersionSummary: "顯示版本",
        .commandVersionDetails: "顯示版本。",

        // Usage errors.
        .usagePrefix: "signin-demo: {message}",
        .usageSeeHelp: "請執行 'signin-demo --help' 查看用法。",
        .usageUnknownOption: "不明的選項 '{option}'",
        .usageTakesNoValue: "{option} 不接受值",
        .usageNeedsValue: "{option} 需要一個值",
        .usageUnknownCommand: "不明的指令 '{command}'",
        .usageNeedsPassword: "標準輸入不是終端機時，{command} 需要 --password",
        .usageUnknownCommandSuggest: "不明的指令 '{command}'；您是指 '{suggestion}' 嗎？",
        .promptPasswordsDifferRetry: "兩次輸入的密碼不一致，請再輸入一次。",
        .usageUnexpectedWord: "'{command}' 之後出現非預期的 '{word}'",
        .usageNeedsProvider: "{command} 需要指定提供者：{providers}",
        .usageUnknownProvider: "{command} 沒有提供者 '{provider}'（可用：{providers}）",
        .usageNeedsLink: "open-link 需要郵件中的連結",
        .usageOptionNotForCommand: "{option} 不適用於 '{command}'",
        .usageOptionNeedsCommand: "{option} 需要搭配接受此選項的指令",
        .usageArgumentTooLong: "第 {number} 個引數超過 {limit} 位元組",
        .usageArgumentNotUTF8: "第 {number} 個引數不是有效的 UTF-8 文字",
        .usageNoDataFolder: "沒有資料資料夾：請指定 --data-dir 或設定 HOME。",
        .usageNeedsEmailAndPassword: "標準輸入不是終端機時，此指令需要 --email 與 --password",
        .usageNeedsEmail: "標準輸入不是終端機時，{command} 需要 --email",
        .usageNeedsNewPassword: "標準輸入不是終端機時，{command} 需要 --password（新密碼）",
        .usageNeedsYesToDelete: "標準輸入不是終端機時，delete-account 需要 --yes",
        .usageNeedsYesToLoseGuest: "您目前以訪客身分登入，訪客帳號無法再次登入；若仍要離開，請加上 --yes",
        .usageUnknownGoogleAccount: "此裝置上沒有 Google 帳號 '{account}'；可用：{accounts}",
        .usageInteractiveNeedsTerminal: "interactive 需要終端機；請改為一次執行一個指令",
        .answerRefusedTooLong: "signin-demo: 此回答超過 {limit} 位元組，已忽略。",
        .answerRefusedNotUTF8: "signin-demo: 此回答不是有效的 UTF-8 文字，已忽略。",
        .outputFailed: "signin-demo: 無法寫入標準輸出：{reason}。",

        // Prompts.
        .promptEmail: "電子郵件：",
        .promptPassword: "密碼：",
        .promptCurrentPassword: "目前的密碼：",
        .promptNewPassword: "新密碼：",
        .promptNewPasswordAgain: "再次輸入新密碼：",
        .promptPasswordsDiffer: "兩次輸入的密碼不一致。",
        .promptTypeDelete: "請輸入 DELETE 以刪除您的帳號及為其儲存的所有資料：",
        .promptSwitchAccount: "要改為登入該帳號嗎？[y/N] ",
        .promptLoseGuest:
            "您目前以訪客身分登入。訪客帳號無法再次登入：一旦離開就會遺失。若要保留，請先連結一個提供者。仍要離開嗎？[y/N] ",
        .promptYesAnswers: "y,yes,是",
        .promptChoose: "請選擇 0 到 {max}：",
        .promptRetryChoice: "請輸入 0 到 {max} 之間的數字。",
        .promptCancel: "取消",
        .promptGoogleTitle: "選擇 Google 帳號以繼續使用 {app}：",
        .promptConsentIntro: "{app} 想要使用您的 {provider} 帳號「{name}」（{email}）。",
        .promptConsentShare: "繼續並分享我的電子郵件",
        .promptConsentHide: "繼續並隱藏我的電子郵件",
        .promptConsentChoose: "請選擇 1、2 或 3：",
        .promptConsentRetry: "請回答 1、2 或 3。",
        .promptLink: "連結：",
        .promptProviderToUnlink: "要取消連結的提供者（{providers}）：",

        // Results.
        .cancelled: "已取消",
        .signInCancelled: "已取消登入；未做任何變更。",
        .signUpCancelled: "已取消註冊；未做任何變更。",
        .linkCancelled: "已取消連結；未做任何變更。",
        .resetCancelled: "已取消重設密碼；未寄出任何郵件。",
        .openLinkCancelled: "已取消開啟連結；密碼維持不變。",
        .resetLinkFor: "此連結會為 {email} 設定新密碼。",
        .changePasswordCancelled: "已取消變更密碼；密碼維持不變。",
        .deleteCancelled: "已取消刪除帳號；未做任何變更。",
        .signOutCancelled: "已取消登出；您仍以訪客身分登入。",
        .accountCreated: "帳號已建立，並已登入。",
        .linkedProvider: "已連結 {provider}。",
        .uidKept: "已連結 {provider}；uid 維持不變。",
        .unlinkedProvider: "已取消連結 {provider}。",
        .signedOutDone: "已登出。更新權杖已撤銷，已儲存的工作階段已移除。",
        .resetMailed: "若 {email} 有帳號，重設連結已寄到該地址。寄件匣位於 {folder}；可用 'signin-demo outbox' 查看。",
        .passwordResetDone: "密碼已變更。該帳號的所有工作階段都已結束；請用 'signin-demo sign-in email' 登入。",
        .passwordChanged: "密碼已變更。該帳號的其他所有工作階段都已結束；目前這個工作階段會繼續。",
        .credentialState: "Apple 憑證狀態：{state}。",
        .appleRevoked:
            "已為 signin-demo 關閉「使用 Apple 登入」，如同在「設定 > Apple 帳號」中操作。請執行 'signin-demo check-credential'，看看應用程式如何察覺此變更。",
        .appleNothingToRevoke: "signin-demo: 沒有可撤銷的項目：signin-demo 並未使用「使用 Apple 登入」。",
        .accountDeleted: "帳號已刪除：其身分與權杖皆已移除，您也已登出。",
        .outboxEmpty: "寄件匣（{folder}）是空的。",
        .outboxLine: "{date}  寄給 {to}  {subject}",
        .notSignedIn: "尚未登入。",
        .sessionExpiredOffline: "signin-demo: 工作階段已過期，且無法更新。",
        .storedSessionKeptAs: "無法讀取的檔案已保留為 {path}。",
        .recoverHint: "您的帳號未變更。若要使用另一個帳號：signin-demo sign-in {provider}",
        .switchedAccount: "已登入擁有此憑證的帳號。",
        .guestWarning:
            "您目前以訪客身分登入。以其他提供者登入會離開訪客帳號，之後任何人都無法再登入該帳號。若要保留，請改為連結：signin-demo link {provider}。仍要離開嗎？[y/N] ",
        .statusSignedIn: "已登入。",
        .statusUID: "uid",
        .statusEmail: "電子郵件",
        .statusName: "姓名",
        .statusPhoto: "相片",
        .statusProviders: "提供者",
        .statusGuest: "訪客",
        .statusNewUser: "新使用者",
        .statusIDToken: "ID 權杖",
        .statusRefreshToken: "更新權杖",
        .statusNone: "無",
        .statusYes: "是",
        .statusNo: "否",
        .statusExpires: "到期時間 {date}",

        // What to do next.
        .hintSignIn: "請先登入：signin-demo sign-in {providers}。",
        .hintSignInMenu: "請先選擇其中一個登入項目（{items}）。",
        .hintWrongCredentials: "請檢查電子郵件與密碼，或寄一封重設連結給自己：signin-demo reset-password。",
        .hintEmailInUse: "請改為登入該帳號（signin-demo sign-in email）後再連結，或使用其他電子郵件。",
        .hintInvalidLink:
            "請完全依照郵件中顯示的內容開啟連結（'signin-demo outbox' 會列出這些連結），或申請新的連結：signin-demo reset-password。",
        .hintDataFolder:
            "無法使用資料資料夾 {folder}（{reason}）。請用 --data-dir 選擇其他資料夾，或修正此資料夾：它必須是屬於您且您可以寫入的資料夾。",
        .hintBackendDamaged:
            "無法讀取 {folder} 中內嵌後端的狀態（{reason}）。未做任何變更：請從備份還原後端資料夾，或將其移走以開始新的安裝。",
        .hintDetailsVerbose: "詳細資訊：{details}",
        .hintWrongCredentialsMenu: "請檢查電子郵件與密碼，或選擇 {item} 寄送重設密碼連結給自己。",
        .hintWrongPassword: "請檢查密碼，或寄一封重設連結給自己：signin-demo reset-password。",
        .hintWrongPasswordMenu: "請檢查密碼，或選擇 {item} 寄送重設密碼連結給自己。",
        .hintEmailNotFound: "請檢查電子郵件，或以此電子郵件建立帳號：signin-demo sign-up。",
        .hintEmailNotFoundMenu: "請檢查電子郵件，或選擇 {item} 以此電子郵件建立帳號。",
        .hintEmailInUseMenu: "請改用該帳號登入（{item}），再進行連結；或使用其他電子郵件。",
        .hintInvalidLinkMenu: "請依郵件中顯示的樣子開啟連結（{also} 會顯示寄件匣），或選擇 {item} 取得新連結。",

        // The interactive menu.
        .menuHeading: "signin-demo interactive: 資料資料夾 {folder}",
        .menuWhatNext: "接下來要做什麼？",
        .menuQuit: "結束",
        .menuChoose: "請選擇: ",
        .menuRetry: "請輸入 0 到 {max} 之間的數字: ",
        .menuSignInApple: "使用 Apple 登入",
        .menuSignInGoogle: "使用 Google 登入",
        .menuSignInGuest: "以訪客身分登入",
        .menuSignInEmail: "使用電子郵件登入",
        .menuSignInCustomToken: "使用您伺服器的自訂權杖登入",
        .menuSignUp: "使用電子郵件註冊",
        .menuLinkApple: "連結 Apple",
        .menuLinkGoogle: "連結 Google",
        .menuLinkEmail: "連結電子郵件與密碼",
        .menuUnlink: "取消連結提供者",
        .menuSignInWith: "使用 {provider} 登入",
        .menuLinkWith: "連結 {provider}",
        .menuStatus: "狀態",
        .menuResetPassword: "重設密碼（寄送連結）",
        .menuOutbox: "顯示寄件匣",
        .menuOpenLink: "開啟郵件中的連結",
        .menuCheckCredential: "檢查 Apple 憑證狀態",
        .menuAppleRevoke: "停止使用「使用 Apple 登入」（示範輔助工具）",
        .menuDeleteAccount: "刪除帳號",
        .menuSignOut: "登出",
        .menuChangePassword: "變更密碼",

        // The guided tour.
        .tourIntro: "signin-demo: 內嵌後端在同一個處理程序內執行；資料資料夾 {folder}",
        .tourStep1: "1. 啟動：還原已儲存的工作階段（RestoreSessionUseCase）",
        .tourFoundSession: "找到先前執行留下的 {uid} 工作階段；仍會重新登入",
        .tourDiscardedSession: "已儲存的工作階段無法讀取，已保留為 {path}",
        .tourNoSession: "沒有已儲存的工作階段：未登入",
        .tourStep2: "2. 使用 Apple 登入（KMP 應用的流程）",
        .tourStep3: "3. 重新啟動：新的處理程序從 {path} 還原工作階段",
        .tourRestored: "已還原 {uid}：同一位使用者，無需登入",
        .tourStep4: "4. 一小時後：ID 權杖已過期，因此還原時會更新權杖",
        .tourNewToken: "新的 ID 權杖，到期時間 {date}",
        .tourOldRefreshRefused:
            "先前的更新權杖現在會被拒絕（{code}）：權杖會輪替；若之後再次使用，會被視為遭竊，並撤銷整條權杖鏈",
        .tourStep5: "5. 以已登入的使用者身分呼叫應用程式的 API（AuthorizedAPIClient，GET /v1/me）",
        .tourHTTP: "HTTP {status}: {body}",
        .tourStep6: "6. 回到現在：使用 Google 登入（帳號選擇器會選擇第一個帳號）",
        .tourSignedInAs: "已透過 {providers} 以 {email} 身分登入",
        .tourStep7: "7. 訪客連結電子郵件與密碼、登出，再以電子郵件登入：uid 相同",
        .tourGuest: "訪客 {uid}，提供者：無",
        .tourLinked: "已連結 {email}：保留 uid {uid}，提供者：{providers}",
        .tourSignedOut: "已登出",
        .tourSameUID: "已以電子郵件登入：uid {uid}，即訪客原本的 uid",
        .tourStep8: "8. 重設密碼：郵件寄到寄件匣，郵件中的連結可設定新密碼",
        .tourMailSent: "寄給 {to} 的重設密碼郵件位於 {folder}",
        .tourItsLink: "郵件中的連結：{link}（代碼需保密；'signin-demo outbox' 會顯示）",
        .tourLinkOpened: "連結開啟了重設畫面；已設定新密碼，本裝置上該帳號的工作階段也已結束",
        .tourOldPasswordRefused: "舊密碼遭拒：{message}",
        .tourLinkOnce: "連結只能使用一次：{message}",
        .tourNewPasswordWorks: "新密碼可以登入",
        .tourStep9: "11. Apple 撤銷：使用者停止使用「使用 Apple 登入」，應用程式隨之登出",
        .tourStopUsing: "設定 > Apple 帳號 > 使用 Apple 登入 > signin-demo > 停止使用",
        .tourCredentialState: "憑證狀態：{state}；{message}",
        .tourStep10: "12. 刪除帳號（由訪客轉為電子郵件的帳號）",
        .tourDeleted: "已刪除；已登出",
        .tourSignInAgain: "再次登入該帳號：{message}",
        .tourStep11: "13. 再次使用 Apple 登入：撤銷後 Apple 會再傳送一次姓名",
        .tourDone:
            "完成：所有流程都已在內嵌後端上執行。試試 'signin-demo status'、'signin-demo interactive' 與 'signin-demo --help'；它們共用此資料資料夾。",
        .tourFailed: "signin-demo: 導覽已中止：{reason}",
        .tourAccepted: "竟然被接受了，但本不應如此",

        // Backends and the server.
        .optionBackend: "後端：embedded（行程內，預設）、firebase（透過其 REST API）或 rest（您自己的 API，搭配 --base-url）。",
        .optionPort: "在 127.0.0.1 上服務的連接埠（預設 9099；0 會選一個空閒的）。",
        .optionProject: "其 ID 權杖所寫的 Firebase 專案 ID（預設：$FIREBASE_PROJECT_ID，否則 $GCLOUD_PROJECT，否則 demo-signin）。",
        .optionAcceptUnsignedTokens:
            "如同 Google 的模擬器，也接受任何提供者 ID 的未簽署身分權杖（宣告的 JSON 物件，或 alg none），以及 SAML 提供者以 JSON 表示的 SAMLResponse：任何連得到伺服器的人都能以任何人身分登入，因此僅供測試使用。",
        .optionTestClock:
            "像測試套件的假計時器那樣停住伺服器的時鐘，並讓測試套件透過 /emulator/v1/projects/ID/clock 把它往前撥，而不必等待：權杖、驗證碼與限制會因此提早到期，因此僅供測試使用。",
        .optionAsGoogleEmulator:
            "在此伺服器較嚴格或說得較多之處，改以 Google Auth 模擬器的方式回應：接受 6 個字元起的密碼（Firebase 的下限，而非 8），錯誤訊息只有代碼，路徑中的任何專案 ID 都會回應，請求首次指名某個租用戶時即建立它並開啟所有登入方式，註冊時列出的電話第二重驗證不必傳送驗證碼即可加入，通行金鑰以 localhost 為依賴方，而 Google 存取權杖（Bearer ya29.…）只看格式即視為擁有者憑證。供針對該模擬器撰寫的測試使用。",
        .optionIDTokenFile: "存放在別處取得的該提供者身分權杖的檔案（Firebase 在這裡沒有登入畫面）。",
        .commandServeSummary: "以 HTTP 提供內嵌後端，作為 Firebase Auth 模擬器",
        .commandServeDetails: """
        在 127.0.0.1 上以 HTTP 伺服器執行內嵌後端，在模擬器的網址上使用 Firebase Authentication 的 REST API
        （Identity Toolkit v1 與 Secure Token API），另外提供模擬器的 oobCodes 與 accounts 端點、模擬的 Apple 與
        Google 登入，以及應用程式的 API（GET /v1/me）。用 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:PORT 讓 Firebase
        用戶端連到它，例如 `signin-demo --backend firebase`。與 Firebase 自己的模擬器不同，它會檢查簽章、nonce
        與到期時間。每個請求在標準錯誤輸出一行，不含權杖、密碼或金鑰。Ctrl-C（或 SIGTERM）會在進行中的請求完成後停止。
        """,
        .usageUnknownBackend: "未知的後端「{backend}」（請用 embedded、firebase 或 rest）",
        .usageFirebaseNeedsKey:
            "--backend firebase 需要 FIREBASE_API_KEY（專案的 Web API 金鑰）或 FIREBASE_AUTH_EMULATOR_HOST=host:port（模擬器，例如 signin-demo serve）",
        .usageInvalidEmulatorHost: "FIREBASE_AUTH_EMULATOR_HOST 必須是 host:port，例如 127.0.0.1:9099（目前是「{host}」）",
        .usageBadPort: "連接埠必須是 0 到 65535 的數字（目前是「{port}」）",
        .hintProjectMismatch: "模擬器提供的是 {project} 以外的 Firebase 專案：請將 FIREBASE_PROJECT_ID 設為模擬器啟動時所顯示的專案。",
        .usageBadCustomTokenAccount: "使用自訂權杖時，--account 是您伺服器上的使用者 ID：1 到 {maximum} 個字元",
        .usageBadProject: "專案 ID 只能有字母、數字和「-」，最多 63 個（目前是「{project}」）",
        .usageNeedsIDToken:
            "此 Firebase 後端在這裡沒有 {provider} 登入畫面：請用 --id-token-file 檔案 傳入在別處取得的身分權杖（或 SIGNIN_DEMO_ID_TOKEN，其 nonce 用 SIGNIN_DEMO_RAW_NONCE）",
        .usageIDTokenUnreadable: "無法讀取 {path} 中的身分權杖：{reason}",
        .usageNoSimulatedApple: "{command} 需要模擬的 Apple ID，而 Firebase 專案沒有：請使用內嵌後端或 signin-demo serve",
        .usageNoMailbox:
            "此後端會把連結寄到使用者自己的收件匣，此指令無法讀取（只有內嵌後端與 signin-demo serve 保有寄件匣）：請打開郵件，用其中的連結執行 signin-demo open-link",
        .usageTourNeedsSimulation:
            "導覽會用模擬的 Apple ID 登入，而 Firebase 專案沒有：請對內嵌後端或 signin-demo serve 執行導覽，或逐一執行指令",
        .serveListening:
            "內嵌後端以 Firebase 專案 {project} 在 {url} 提供服務（資料在 {folder}）。\n讓 Firebase 用戶端連到它：FIREBASE_AUTH_EMULATOR_HOST={host} FIREBASE_PROJECT_ID={project} signin-demo --backend firebase\n按 Ctrl-C 停止。",
        .serveStopped: "已在進行中的請求完成後停止。",
        .serveUnsignedTokensWarning: "signin-demo：正在接受未簽署的身分權杖：任何連得到此伺服器的人都能以任何人身分登入。僅供測試使用。",
        .optionUnsignedSessionTokens:
            "像 Google Auth 模擬器那樣發出不含簽章（alg none）的 ID 權杖與工作階段 Cookie，並接受這類權杖，但仍檢查其專案、期限與帳戶：如此一來，任何連得到伺服器的人都能以任何人身分登入。供針對該模擬器撰寫的測試使用；否則它們以公開的金鑰做 RS256 簽署。",
        .serveUnsignedSessionTokensWarning: "signin-demo：ID 權杖與工作階段 Cookie 未經簽署：任何連得到此伺服器的人都能為任何帳戶建立工作階段。僅供測試使用。",
        .serveTestClockWarning: "signin-demo：測試時鐘已開啟：此伺服器的任何用戶端都能把它的時間往前撥。僅供測試使用。",
        .serveAsGoogleEmulatorWarning:
            "signin-demo：正以 Google Auth 模擬器的方式回應：接受 6 個字元的密碼，錯誤只說出代碼，任何專案 ID 都會回應，請求指名租用戶時即建立它，註冊時可列出第二重驗證，任何 Google 存取權杖都視為擁有者。僅供測試使用。",
        .serveFailed: "伺服器無法啟動：{reason}",
        .resetMailedFirebase: "如果 {email} 有帳號，Firebase 已寄給它重設密碼的連結。",
        .helpBackends:
            "後端：--backend embedded（預設：行程內、離線）；--backend firebase 搭配 FIREBASE_API_KEY，或搭配 FIREBASE_AUTH_EMULATOR_HOST=host:port 使用模擬器，例如 signin-demo serve；--backend rest --base-url URL 使用您自己的 API。",
        .tourIntroFirebase: "signin-demo: 後端是位於 {host} 的 Firebase Authentication REST API；資料資料夾 {folder}",
        .tourDoneFirebase:
            "完成：所有流程都已透過 HTTP 經由 Firebase 的 REST API 執行。試試 'signin-demo --backend firebase status'；相同的環境變數會讓它連到同一個後端。",
        .servePortInUse: "連接埠 {port} 已被使用：請停止另一個伺服器，或用 --port 選擇其他連接埠（0 會選一個空閒的）",
        .reasonNoSuchFile: "沒有這個檔案，或無法讀取",
        .reasonTooLong: "超過 16 KiB",
        .reasonNotOneLine: "不是一行可列印的 ASCII",
        .signedOutLocal:
            "已在此裝置上登出：已儲存的工作階段已移除。此後端沒有撤銷單一工作階段的呼叫，因此其權杖在到期、密碼變更或帳號刪除之前都仍有效。",
        .usageIDTokenOnlyForProviders: "--id-token-file 用於提供身分權杖的提供者：sign-in {providers}、link {providers}，以及需要重新登入的指令",
        .optionBaseURL: "搭配 --backend rest：您自己的 API 的基底網址（http 或 https），例如 http://127.0.0.1:8000。",
        .commandMeSummary: "以已登入的使用者呼叫應用程式的 API",
        .commandMeDetails:
            "透過 AuthorizedAPIClient 呼叫應用程式的 API（GET /v1/me，或搭配 --backend rest 時您自己 API 的目前使用者端點）：工作階段的權杖以 Bearer 送出，遇到 401 時更新一次並重試。印出狀態碼與回應。",
        .usageBadBaseURL: "--base-url 必須是有主機、且不含使用者、查詢或片段的 http 或 https 網址（目前是「{url}」）",
        .usageRESTNeedsBaseURL: "--backend rest 需要 --base-url URL：您自己的 API 的基底網址，例如 http://127.0.0.1:8000",
        .usageNoAppAPI: "此後端沒有可呼叫的應用程式 API：Firebase 專案不是您應用程式的伺服器",
        .apiAnswer: "HTTP {status}：{body}",
        .resetMailedByServer: "如果 {email} 有帳號，伺服器已寄給它重設密碼的連結；請用該連結執行 signin-demo open-link。",
        .hintInvalidLinkNoOutbox: "請完全依照郵件中顯示的內容開啟連結，或申請新的連結：signin-demo reset-password。",
        .hintInvalidLinkNoOutboxMenu: "請依郵件中顯示的樣子開啟連結，或選擇 {item} 取得新連結。",
        .recoverHintMenu: "您的帳號未變更。若要使用另一個帳號，請選擇 {item}。",
        .guestWarningMenu: "您目前以訪客身分登入。以其他提供者登入會離開訪客帳號，之後任何人都無法再登入該帳號。若要保留，請改為連結：選擇 {item}。仍要離開嗎？[y/N] ",
        .resetMailedMenu: "若 {email} 有帳號，重設連結已寄到該地址。寄件匣位於 {folder}；選擇 {item} 即可查看。",
        .resetMailedByServerMenu: "如果 {email} 有帳號，伺服器已寄給它重設密碼的連結；請選擇 {item} 並貼上該連結。",
        .passwordResetDoneMenu: "密碼已變更。該帳號的所有工作階段都已結束；請選擇 {item} 以新密碼登入。",
        .appleRevokedMenu: "已為 signin-demo 關閉「使用 Apple 登入」，如同在「設定 > Apple 帳號」中操作。請選擇 {item}，看看應用程式如何察覺此變更。",
        .listSeparator: "、",
        .optionCode: "驗證器應用程式的 6 位數代碼，或帳號的一個復原碼，用於需要代碼的登入（包括敏感命令前的重新登入）。mfa enroll 一律在終端機上詢問第一個代碼。",
        .commandMFASummary: "使用驗證器應用程式的兩步驟登入：新增、列出、移除、復原碼",
        .commandMFADetails:
            "mfa enroll（僅限終端機：它會顯示密鑰）會顯示供驗證器應用程式掃描的 QR 碼、文字形式的密鑰及其 otpauth:// 網址，然後要求輸入應用程式的第一個代碼；之後每次登入都會再要求代碼。第一個驗證器也會帶來十個只顯示一次的復原碼：遺失應用程式時，每個復原碼可代替代碼登入一次（--code 可接受復原碼）。mfa recovery-codes（僅限終端機）會產生一組新的復原碼，舊的即失效。mfa list 列出帳號的驗證器。mfa remove [ID 或編號] 移除其中一個；移除最後一個會關閉兩步驟登入，必須確認（--yes）。新增、移除與產生新復原碼都需要最近登入過：需要密碼，若帳號已有驗證器則還需要代碼（--code）。",
        .usageNeedsMFAAction: "mfa 需要指定要做什麼：{actions}。",
        .usageUnknownMFAAction: "「{action}」不是 mfa 的操作。請使用其中之一：{actions}。",
        .usageMFAEnrollNeedsTerminal: "mfa enroll 會顯示密鑰，再要求輸入由它算出的代碼：請在終端機上執行（或在 signin-demo interactive 中選擇）。",
        .usageNeedsCode: "此帳號使用兩步驟登入。請用 --code 提供驗證器應用程式中的代碼（或一個復原碼），或在終端機上執行此命令以便詢問。",
        .usageNeedsYesToRemoveLast: "這是此帳號最後一個驗證器：移除後會關閉兩步驟登入。若仍要移除，請加上 --yes。",
        .usageNeedsFactorID: "此帳號有多個驗證器；請指定要移除的那一個：signin-demo mfa remove ID（其中之一：{ids}）。",
        .promptMFACode: "驗證器應用程式中的代碼（或一個復原碼）：",
        .promptMFACodeFactor: "您的代碼來自哪一個驗證器（1-{max}）？",
        .optionFactor: "帳號有多個驗證器時，--code 來自哪一個：其 ID，或在 mfa list 中的編號。",
        .usageNeedsFactor: "此帳號有多個驗證器；請用 --factor 指定代碼來自哪一個（編號或 ID：{factors}）。",
        .promptMFAFactor: "要移除哪一個（1-{max}）？",
        .promptConfirmYesNo: "[y/N] ",
        .mfaScanQR: "請用驗證器應用程式（Google Authenticator、1Password、Authy…）掃描此 QR 碼：",
        .mfaSecretLine: "或在應用程式中輸入此密鑰：{secret}",
        .mfaURILine: "其網址：{uri}",
        .mfaEnrolled: "兩步驟登入已開啟：此帳號之後每次登入都會要求驗證器應用程式中的代碼。",
        .mfaEnrollCancelled: "未新增任何驗證器。",
        .mfaNone: "此帳號沒有驗證器：兩步驟登入為關閉狀態。",
        .mfaFactorLine: "  {number}. {name}（ID {id}，新增於 {date}）",
        .mfaUnnamed: "驗證器應用程式",
        .mfaRemoved: "已移除驗證器。該帳號的其他所有工作階段都已結束；目前這個工作階段會繼續。",
        .mfaRemovedLast: "已移除驗證器：兩步驟登入已關閉，只需密碼即可登入。該帳號的其他所有工作階段都已結束。",
        .mfaRemoveCancelled: "未移除任何驗證器。",
        .menuMFAEnroll: "開啟兩步驟登入（新增驗證器應用程式）",
        .menuMFAList: "列出驗證器應用程式",
        .menuMFARemove: "移除驗證器應用程式",
        .menuMFARecoveryCodes: "產生新的復原碼",
        .tourStepMFA: "9. 兩步驟登入：密碼之後再輸入驗證器應用程式的代碼",
        .tourMFAScanned: "驗證器應用程式（此處為模擬）掃描 {uri}",
        .tourMFAOn: "第一個代碼確認了設定：兩步驟登入已開啟",
        .tourMFAAsked: "登出後再次登入：只有密碼無法登入，畫面要求輸入代碼",
        .tourMFASignedIn: "應用程式的下一個代碼完成了登入（{uid}）",
        .tourMFAOff: "已移除驗證器（確認為最後一個）：只需密碼即可再次登入",
        .tourMFASkipped: "此後端不提供兩步驟登入：已略過",
        .usageBadCode: "「{code}」不是代碼：驗證器應用程式顯示的是 6 位數字，復原碼則是 10 個字母與數字（不含 0、1、i、l 或 o）。",
        .usageMFAEnrollNeedsScreen: "mfa enroll 會顯示只供您本人查看的密鑰：請讓其輸出留在終端機上執行，不要導向檔案或管線。",
        .usageMFAOptionNotForAction: "{option} 不適用於「mfa {action}」。",
        .mfaRecoveryCodesFirst: "這些是您的復原碼。若遺失驗證器應用程式，每個復原碼可代替代碼登入一次。請妥善保存：它們只在此刻顯示。",
        .mfaRecoveryCodesNew: "這些是您新的復原碼；先前的已失效。每個復原碼可代替代碼登入一次。請妥善保存：它們只在此刻顯示。",
        .mfaRecoveryCodeUsed: "已使用復原碼登入，該復原碼已失效。剩餘復原碼：{left}。",
        .mfaRecoveryCodesUsedUp: "這是最後一個復原碼：請用 signin-demo mfa recovery-codes 產生新的復原碼。",
        .usageMFARecoveryCodesNeedsScreen: "mfa recovery-codes 會顯示只供您本人查看的代碼：請讓其輸出留在終端機上執行，不要導向檔案或管線。",
        .usageMFASecretsNotInJSON: "mfa {action} 會顯示只供您本人查看的密鑰，--json 輸出絕不會包含它們：請不加 --json，在終端機上執行。",
        .promptMFAFirstCode: "驗證器應用程式中的代碼：",
        .promptMFACodeFactorOrRecovery: "您的代碼來自哪一個驗證器（1-{max}）？或輸入一個復原碼：",
        .promptNumberInRange: "請以 1 到 {max} 之間的數字回答。",
        .statusRedacted: "（已隱藏）",
        .optionIssuer:
            "以 oidc.名稱 執行 sign-in 與 link：OpenID Connect 提供者的簽發者（https://…，或 127.0.0.1 上的 http://）；並將提供者註冊於資料資料夾。",
        .optionClientID:
            "搭配 --issuer：此應用程式在提供者的用戶端 ID。",
        .usageOIDCNotRegistered:
            "{provider} 尚未在此資料資料夾註冊。請先以 --issuer 網址 --client-id ID 註冊一次。",
        .usageOIDCNeedsIssuer:
            "{provider} 需要同時提供 --issuer 網址與 --client-id ID。",
        .usageBadIssuer:
            "「{issuer}」不能作為簽發者：請提供不含查詢與片段的 https:// 網址（http:// 僅限 127.0.0.1、::1 或 localhost）。",
        .usageBadClientID:
            "用戶端 ID 為空、過長，或前後有空白。",
        .usageBadOIDCName:
            "「{name}」不能作為提供者名稱：在「oidc.」之後請使用 1 到 40 個小寫字母、數字與「-」。",
        .usageIssuerOnlyForOIDC:
            "--issuer 與 --client-id 用於 OpenID Connect 提供者：「sign-in oidc.名稱」或「link oidc.名稱」。",
        .oidcOpenBrowser:
            "請在瀏覽器中開啟此網址以登入：{url}",
        .oidcPageTitle:
            "返回 signin-demo",
        .oidcPageMessage:
            "提供者的回應已傳給 signin-demo，是否已登入會顯示在那裡。您可以關閉此頁面。",
        .optionClientSecretFile: "搭配 --issuer：存放應用程式在該服務之用戶端密鑰的檔案，用於將應用程式註冊為機密用戶端的服務；每次登入時從中讀取，不會存放在其他地方。",
        .optionClientSecretEnvironment: "搭配 --issuer：存放應用程式在該服務之用戶端密鑰的環境變數（代替檔案）。",
        .usageSecretNeedsRegistration:
            "--client-secret-file 或 --client-secret-env（只能擇一）用於註冊服務的用戶端密鑰：請與 --issuer 和 --client-id 一起提供。",
        .oidcSecretUnreadable: "無法從 {source} 讀取 {provider} 的用戶端密鑰：{reason}。",
        .reasonEmptySecret: "內容為空或不是單行",
        .noPasswordToChange: "此帳號還沒有密碼，因此沒有可變更的密碼。",
        .hintAddPassword: "請用此指令新增密碼：signin-demo link email。",
        .hintAddPasswordMenu: "請選擇 {item} 新增密碼。",
        .optionScope: "搭配 --issuer：要向提供者要求的範圍，以空格或逗號分隔（一律要求 openid；預設為 openid email profile）。",
        .optionDisplayName: "搭配 --issuer：提供者顯示給使用者的名稱（預設為 oidc. 之後的名稱）。",
        .usageNeedsRegistration: "{option} 屬於提供者的註冊：請與 --issuer 和 --client-id 一起提供。",
        .usageBadScope: "範圍中不能有空格、引號、反斜線或控制字元。",
        .usageBaseURLOnlyForREST: "--base-url 是您自己的 API 的位址：請與 --backend rest 一起提供。",
        .menuChooseAgain: "請選擇（1-{max}，輸入 ? 顯示選單，0 結束）：",
        .menuUpdateProfile: "變更顯示名稱",
        .menuMe: "以已登入的使用者身分呼叫應用程式的 API",
        .promptDisplayName: "新的顯示名稱：",
        .outboxSubjectReset: "重設您的密碼",
        .outboxSubjectVerify: "驗證您的電子郵件",
        .outboxSubjectSignIn: "您的登入連結",
        .menuSignInEmailLink: "以寄給您的連結登入",
        .signInLinkMailed:
            "登入連結已寄至 {email}。寄件匣位於 {folder}；請以「signin-demo outbox」查看，再以「signin-demo open-link」開啟連結。",
        .signInLinkMailedMenu: "登入連結已寄至 {email}。寄件匣位於 {folder}；請選擇 {item} 查看，再開啟連結。",
        .signInLinkMailedElsewhere: "登入連結已寄至 {email}。請以「signin-demo open-link」開啟該連結。",
        .promptSignInLinkEmail: "此連結並非在此要求的。連結寄送的電子郵件：",
        .outboxNoTime: "（未提供時間）",
        .stateAuthorized: "已授權",
        .stateRevoked: "已撤銷",
        .stateNotFound: "找不到",
        .usageRepeatedOption: "{option} 重複出現；請只提供一次。",
        .usageVersionAlone: "--version 不接受指令或運算元：請單獨執行 'signin-demo --version'。",
        .usageNeedsYesToReplaceOIDC: "{provider} 已以發行者 {issuer} 與用戶端 ID {client} 註冊；若要取代該註冊，請加上 --yes。",
        .promptReplaceOIDC: "{provider} 已以發行者 {issuer} 與用戶端 ID {client} 註冊。要取代該註冊嗎？",
        .oidcReplaceCancelled: "註冊保持原狀；沒有任何變更。",
        .oidcNotRegistered: "沒有註冊任何項目：只有在發行者回應後才會保存提供者。",
        .oidcRegistryUnreadable:
            "無法使用 {path} 中已註冊的 OpenID Connect 提供者（{reason}）。請修正或刪除該檔案。",
        .helpOIDCProvider: "任何 OpenID Connect 提供者：以 --issuer 網址 --client-id ID 註冊",
        .reasonNotProviderList: "不是每項都含有效 name、issuer 與 clientID 的 JSON 提供者清單",
        .reasonNotWritable: "無法寫入該檔案或其資料夾",
        .reasonUntrustedFile:
            "無法讀取，或他人可以修改：檔案必須屬於您、權限為 0600，且位於只有您能控制的資料夾中",
        .commandPasskeySummary:
            "已登入帳號的密碼金鑰：新增、列出、移除",
        .commandPasskeyDetails:
            "passkey add [--name 名稱] 會在此裝置上建立密碼金鑰（示範用的軟體驗證器，存放於資料資料夾的 device/passkeys.json）並向後端註冊；之後「sign-in passkey」無需密碼即可登入。passkey list 列出帳號的密碼金鑰。passkey remove [ID 或編號] 會從帳號移除其中一把（裝置可能仍保留，但已無法登入）。新增與移除需要最近登入過。",
        .usageNeedsPasskeyAction:
            "passkey 需要指定動作：{actions}。",
        .usageUnknownPasskeyAction:
            "「{action}」不是 passkey 能做的事。請使用其中之一：{actions}。",
        .usageNeedsPasskeyID:
            "此帳號有多把密碼金鑰；請指定要移除的那一把：signin-demo passkey remove ID（其中之一：{ids}）。",
        .promptPasskeyToRemove:
            "要移除哪一把（1-{max}）？",
        .passkeyAdded:
            "已新增密碼金鑰。登出後以「signin-demo sign-in passkey」登入：不會詢問密碼。",
        .passkeyAddCancelled:
            "未新增任何密碼金鑰。",
        .passkeyNone:
            "此帳號沒有密碼金鑰。",
        .passkeyLine:
            "  {number}. {name}（ID {id}）",
        .passkeyRemoved:
            "已從帳號移除密碼金鑰：它已無法登入。此帳號的其他工作階段皆已結束；目前這個仍然有效。",
        .passkeyRemoveCancelled:
            "未移除任何密碼金鑰。",
        .menuPasskeyAdd:
            "新增密碼金鑰",
        .menuPasskeyList:
            "列出密碼金鑰",
        .menuPasskeyRemove:
            "移除密碼金鑰",
        .menuSignInPasskey:
            "以密碼金鑰登入",
        .promptPasskeyCreate:
            "要以 {account} 的身分為 {site} 建立密碼金鑰嗎？私密金鑰保留在此裝置上；網站只會取得公開金鑰。",
        .promptPasskeyCreateOption:
            "建立密碼金鑰",
        .promptPasskeyChoose:
            "以下列密碼金鑰登入 {site}：",
        .tourStepPasskey:
            "10. 密碼金鑰：裝置建立金鑰對，後端保存公開金鑰，下次登入不需密碼",
        .tourPasskeyAdded:
            "裝置（示範用的軟體驗證器）已建立密碼金鑰；後端已檢查並保存其公開金鑰",
        .tourPasskeySignedIn:
            "登出後僅以密碼金鑰再次登入：無需電子郵件與密碼，仍是同一個帳號",
        .tourPasskeySkipped:
            "此後端不提供密碼金鑰：已略過",
        .usageUnknownPasskeyID:
            "此帳號沒有密碼金鑰「{id}」。請指定其中之一：{ids}（或 passkey list 中的編號）。",
        .passkeyUnnamed: "密碼金鑰 {number}",
        .passkeyRemovedHere:
            "已從帳號移除密碼金鑰：它已無法登入。",
        .hintPasskeyDevice:
            "裝置的密碼金鑰存放於 {file}（{reason}）。若檔案已損壞，請將其移開：其中的密碼金鑰將會遺失，帳號需以其他方式登入後再新增一把。",
    ]
}
