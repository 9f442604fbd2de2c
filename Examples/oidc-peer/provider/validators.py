"""The provider's claims: the ID token carries the user's email, email_verified and name."""

from oauth2_provider.oauth2_validators import OAuth2Validator


class PeerValidator(OAuth2Validator):
    # django-oauth-toolkit's oidc_claim_scope already ties email and email_verified to the "email" scope and name to
    # "profile"; a claim goes into the ID token only when its scope was granted.
    oidc_claim_scope = OAuth2Validator.oidc_claim_scope

    def get_additional_claims(self):
        # The request-free form: the claims are also listed in the discovery document's claims_supported.
        return {
            "email": lambda request: request.user.email,
            "email_verified": lambda request: True,
            "name": lambda request: request.user.get_full_name(),
        }
