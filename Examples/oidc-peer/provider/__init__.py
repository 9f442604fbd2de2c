"""A minimal Django project around django-oauth-toolkit: the OpenID Connect provider the peer drives."""
