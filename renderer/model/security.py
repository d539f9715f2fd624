"""`security` (and the top-level `webhook` trust store).

TLS for Gate (the API) and Deck (the UI), the ways users log in (all handled
by Gate), the role providers Fiat uses for authorization, and the custom trust
store Orca uses for outgoing webhook calls.
"""
from .dsl import Bool, Enum, List, Map, Msg, Read, Str, messages

message = messages("security")

AUTHENTICATION_SCHEME = ('unspecified', 'header', 'query', 'form', 'none')
CLIENT_AUTH = ('UNSPECIFIED', 'NONE', 'WANT', 'NEED')
ROLE_PROVIDER_TYPE = ('UNSPECIFIED', 'FILE', 'GOOGLE', 'GITHUB', 'LDAP')
SIGNATURE_DIGEST = ('UNSPECIFIED', 'SHA1', 'SHA256', 'SHA384', 'SHA512', 'RIPEMD160', 'MD5')
# Halyard's OAuth 2.0 provider presets (it filled in the client URIs from them).
OAUTH2_PROVIDER = ('', 'GOOGLE', 'GITHUB', 'AZURE', 'ORACLE', 'OTHER')
GITHUB_AUTH_METHOD = ('', 'AUTO', 'GITHUB_APP', 'PAT')

# Where gate reads its login settings, per release (checked in gate's sources
# at the release tags: @ConfigurationProperties, @Value, @ConditionalOn*).
#
# OAuth2: before 2025.2.0 gate's legacy Spring Boot 1 SSO read `security.oauth2.*`
# (kleat's output, written in place). From 2025.2.0 gate is a Spring Security 5
# OAuth2 client: it turns OAuth2 on only when a property name matches
# `spring.security.oauth2.client.registration.<id>.client-id` (gate-oauth2
# OAuthConfigEnabled, a regex on names, so the kebab-case spelling matters), and
# reads the user info mapping and requirements from two fixed names under
# `registration` (OAuth2SsoConfig).
OAUTH2_CLIENT = "2025.2.0"
_REGISTRATION = "spring.security.oauth2.client.registration.{registration}."
_PROVIDER = "spring.security.oauth2.client.provider.{registration}."
_USER_INFO_MAPPING = "spring.security.oauth2.client.registration.user-info-mapping."
# SAML: until 1.35 gate used the spring-security-saml extension (kleat's keys).
# From 1.35.0 it is Spring Security's SAML 2 support: the redirect* settings and
# signatureDigest are read by nothing, and requests are signed only with
# signRequests and PEM signingCredentials. From 2026.3.0 (gate-saml's
# saml-migration.md) the connection settings are Spring Boot's own
# `spring.security.saml2.relyingparty.registration.<id>.*`; gate fails to start
# on the old ones.
SAML_SPRING_SECURITY = "1.35.0"
SAML_RELYING_PARTY = "2026.3.0"
# gate's default registration id, kept so the IdP's configured URLs (/saml/SSO) stay valid.
_SAML_REGISTRATION = "spring.security.saml2.relyingparty.registration.SSO."


def _legacy(until):
    """Read in place (kleat's key) by the releases before `until`."""
    return Read(until=until)


def _oauth2(key, how=None):
    return (_legacy(OAUTH2_CLIENT), Read(key, since=OAUTH2_CLIENT, how=how))


def _role_provider_type(kind):
    return Enum(ROLE_PROVIDER_TYPE, f"Halyard's marker saying this block configures the {kind} role provider.",
                halyard="Halyard recorded which role provider each block belongs to; dropped: the block's "
                        "key already says it, and groupMembership.service picks the active one.")


TrustStore = message(
    "TrustStore", "A Java trust store (JKS) of certificate authorities to trust in addition to the JVM's defaults.",
    enabled=Bool("Use this trust store; when false the JVM's default CAs alone are trusted."),
    trustStore=Str("Path, inside the service container, to the JKS trust store file, e.g. "
                   "/opt/spinnaker/certs/webhooks.jks.", file=True),
    trustStorePassword=Str("Password that opens the trust store file.", secret=True),
)

WebhookConfig = message(
    "WebhookConfig", "Settings for the webhook stages Orca runs (written to orca.yml as `webhook`).",
    trust=Msg(TrustStore, "Extra CAs to trust when Orca calls webhook URLs over HTTPS, for endpoints signed "
                          "by a private CA."),
)

ApiSsl = message(
    "ApiSsl", "TLS served by Gate itself (Spring Boot's `server.ssl`); leave disabled when a load balancer or "
              "ingress terminates TLS.",
    enabled=Bool("Serve Gate over HTTPS with the key store below."),
    keyAlias=Str("Alias of the server's key entry inside the key store, as chosen when it was created with "
                 "keytool."),
    keyStore=Str("Path, inside the Gate container, to the key store holding Gate's certificate and private key.", file=True),
    keyStoreType=Str("Format of the key store, e.g. JKS or PKCS12."),
    keyStorePassword=Str("Password of the key store; Tomcat requires the key entry to use the same password.",
                         secret=True),
    trustStore=Str("Path, inside the Gate container, to the trust store used to verify client certificates "
                   "(needed for X.509 login).", file=True),
    trustStoreType=Str("Format of the trust store, e.g. JKS or PKCS12."),
    trustStorePassword=Str("Password of the trust store.", secret=True),
    clientAuth=Enum(CLIENT_AUTH, "Whether Gate asks clients for a TLS certificate: WANT (optional) or NEED "
                                 "(mandatory); required for X.509 authentication."),
)

ApiSecurity = message(
    "ApiSecurity", "How Gate, the API server, is reached: its public URL, CORS and TLS.",
    corsAccessPattern=Str("Regular expression of browser origins allowed to call Gate with credentials "
                          "(written as Gate's cors.allowedOriginsPattern), e.g. "
                          "^https://spinnaker\\.example\\.com$; needed when the UI and API hosts differ."),
    ssl=Msg(ApiSsl, "TLS terminated by Gate itself."),
    overrideBaseUrl=Str("The URL browsers and tools use to reach Gate, e.g. https://api.spinnaker.example.com; "
                        "Deck is pointed at it. Without it Deck uses http(s)://localhost:8084."),
)

def _one_line_env(ssl):
    """These values become KEY=VALUE lines of deck.env, which cannot hold a line break."""
    for key in ("sslCertificateFile", "sslCertificateKeyFile", "sslCertificatePassphrase"):
        value = ssl.get(key)
        if isinstance(value, str) and ("\n" in value or "\r" in value):
            return key, "cannot contain a line break: Deck receives it as an environment variable."
    return None


UiSsl = message(
    "UiSsl", "TLS served by Deck's web server itself (passed to the Deck container as environment variables).",
    checks=(_one_line_env,),
    enabled=Bool("Serve Deck over HTTPS with the certificate below."),
    sslCertificateFile=Str("Path, inside the Deck container, to the PEM certificate (.crt) to serve.", file=True),
    sslCertificateKeyFile=Str("Path, inside the Deck container, to the certificate's PEM private key (.key).", file=True),
    sslCACertificateFile=Str("Path to the certificate of the CA that signed the server certificate; only used "
                             "when Deck runs from source with the webpack dev server.", file=True),
    sslCertificatePassphrase=Str("Passphrase of an encrypted private key.", secret=True),
)

UiSecurity = message(
    "UiSecurity", "How Deck, the browser UI, is reached: its public URL and TLS.",
    ssl=Msg(UiSsl, "TLS terminated by Deck's web server."),
    overrideBaseUrl=Str("The URL users open in the browser, e.g. https://spinnaker.example.com; Gate redirects "
                        "there after login."),
)

OAuth2Client = message(
    "OAuth2Client", "The OAuth 2.0 client (application) registered for Spinnaker with the identity provider.",
    clientId=Str("Client ID issued by the provider for the Spinnaker application.",
                 reads=_oauth2(_REGISTRATION + "client-id")),
    clientSecret=Str("Client secret issued by the provider.", secret=True,
                     reads=_oauth2(_REGISTRATION + "client-secret")),
    accessTokenUri=Str("The provider's token endpoint, e.g. https://www.googleapis.com/oauth2/v4/token.",
                       reads=_oauth2(_PROVIDER + "token-uri")),
    userAuthorizationUri=Str("The provider's authorization endpoint users are sent to for login, e.g. "
                             "https://accounts.google.com/o/oauth2/v2/auth. Its host also names gate's client "
                             "registration from 2025.2.0 (google, github, azure, oracle, else spinnaker).",
                             reads=_oauth2(_PROVIDER + "authorization-uri")),
    clientAuthenticationScheme=Enum(AUTHENTICATION_SCHEME,
                                    "How Gate sends the client credentials to the token endpoint: header "
                                    "(HTTP basic), query, form or none.",
                                    reads=_oauth2(_REGISTRATION + "client-authentication-method",
                                                  how="client-authentication-method")),
    scope=Str("Scopes requested at login, space separated, e.g. 'profile email'.",
              reads=_oauth2(_REGISTRATION + "scope", how="words")),
    preEstablishedRedirectUri=Str("The callback URL to register with the provider, usually "
                                  "https://<gate host>/login (from 2025.2.0 gate's callback is "
                                  "https://<gate host>/login/oauth2/code/<registration>: register that); set it "
                                  "when a load balancer or TLS proxy changes the address Gate sees.",
                                  reads=_oauth2(_REGISTRATION + "redirect-uri", how="oauth2-callback")),
    useCurrentUri=Bool("Build the callback URL from the incoming request instead of preEstablishedRedirectUri "
                       "(what gate does from 2025.2.0 when preEstablishedRedirectUri is unset).",
                       reads=(_legacy(OAUTH2_CLIENT),)),
)

OAuth2Resource = message(
    "OAuth2Resource", "The provider endpoint that describes the logged-in user.",
    userInfoUri=Str("The provider's user info endpoint, e.g. https://www.googleapis.com/oauth2/v3/userinfo.",
                    reads=_oauth2(_PROVIDER + "user-info-uri")),
)

OAuth2UserInfoMapping = message(
    "OAuth2UserInfoMapping", "Names of the attributes in the provider's user info response that fill in "
                             "the Spinnaker user.",
    email=Str("Attribute holding the user's email address, e.g. email.",
              reads=_oauth2(_USER_INFO_MAPPING + "email")),
    firstName=Str("Attribute holding the given name, e.g. given_name.",
                  reads=_oauth2(_USER_INFO_MAPPING + "first-name")),
    lastName=Str("Attribute holding the family name, e.g. family_name.",
                 reads=_oauth2(_USER_INFO_MAPPING + "last-name")),
    username=Str("Attribute used as the Spinnaker user name (what Fiat authorizes), e.g. login on GitHub; "
                 "from 2025.2.0 also the provider's user name attribute (email when unset, as gate's default "
                 "user name).",
                 reads=_oauth2(_USER_INFO_MAPPING + "username")
                 + (Read(_PROVIDER + "user-name-attribute", since=OAUTH2_CLIENT),)),
)

OAuth2 = message(
    "OAuth2", "Login through an OAuth 2.0 / OpenID Connect provider such as Google, GitHub or Azure AD.",
    enabled=Bool("Turn OAuth 2.0 login on in Gate (gate needs client.clientId as well). From 2025.2.0 it also "
                 "writes the registration's grant type (authorization_code), its default callback "
                 "(<Gate URL>/login/oauth2/code/<registration>) and user name attribute (email).",
                 reads=(_legacy(OAUTH2_CLIENT),
                        Read(_REGISTRATION + "authorization-grant-type", since=OAUTH2_CLIENT,
                             how="authorization-code"),
                        Read(_REGISTRATION + "redirect-uri", since=OAUTH2_CLIENT, how="default-oauth2-callback"),
                        Read(_PROVIDER + "user-name-attribute", since=OAUTH2_CLIENT,
                             how="default-user-name-attribute"))),
    client=Msg(OAuth2Client, "The registered client and the provider's endpoints."),
    userInfoRequirements=Map(Str("Value (or /regex/) the named user info attribute must have, e.g. "
                                 "hd: example.com to admit only one Google domain.",
                                 reads=_oauth2("spring.security.oauth2.client.registration.user-info-requirements"))),
    resource=Msg(OAuth2Resource, "Where Gate fetches the user's profile."),
    userInfoMapping=Msg(OAuth2UserInfoMapping, "Which profile attributes become the user's name and email."),
    provider=Enum(OAUTH2_PROVIDER, "Halyard's provider preset: GOOGLE, GITHUB, AZURE, ORACLE or OTHER.",
                  halyard="Halyard used the preset to fill in the client URIs, scope and user info mapping, "
                          "which it stored in the file as well; dropped: those stored values are what Gate reads."),
)

Saml_UserAttributes = message(
    "Saml_UserAttributes", "Names of the SAML assertion attributes that fill in the Spinnaker user.",
    firstName=Str("Attribute holding the given name; Gate uses User.FirstName when unset."),
    lastName=Str("Attribute holding the family name; Gate uses User.LastName when unset."),
    roles=Str("Attribute listing the user's groups, which become roles; Gate uses memberOf when unset."),
    rolesDelimiter=Str("Separator when the roles attribute is one delimited string; ';' when unset."),
    username=Str("Attribute used as the Spinnaker user name; the assertion's NameID when unset."),
    email=Str("Attribute holding the user's email address."),
)

SamlCredential = message(
    "SamlCredential", "A private key and its certificate, as PEM files inside the Gate container.",
    privateKeyLocation=Str("Path to the PEM private key (unencrypted PKCS#8), e.g. /var/secrets/saml/key.pem.",
                           file=True),
    certificateLocation=Str("Path to the PEM certificate, e.g. /var/secrets/saml/cert.pem.", file=True),
)

Saml = message(
    "Saml", "Login through a SAML 2.0 identity provider; the provider's keys come from its metadata. Gate's SAML "
            "support changed twice: from 1.35.0 (Spring Security: requests are signed only with signRequests and "
            "signingCredentials, the redirect settings are gone) and from 2026.3.0 (Spring Boot's relying party "
            "registration `SSO`, PEM credentials only).",
    enabled=Bool("Turn SAML login on in Gate. From 2026.3.0 it also keeps the assertion consumer URL gate "
                 "used before ({baseUrl}/saml/SSO), so the identity provider's settings stay valid.",
                 reads=(Read(), Read(_SAML_REGISTRATION + "acs.location", since=SAML_RELYING_PARTY,
                                     how="saml-legacy-acs"))),
    metadataUrl=Str("Where the identity provider's metadata XML is: a file path inside the Gate container or an "
                    "https:// URL.", file=True,
                    reads=(_legacy(SAML_RELYING_PARTY),
                           Read(_SAML_REGISTRATION + "assertingparty.metadata-uri", since=SAML_RELYING_PARTY,
                                how="file-location"))),
    issuerId=Str("The entity ID Spinnaker is registered under at the identity provider.",
                 reads=(_legacy(SAML_RELYING_PARTY),
                        Read(_SAML_REGISTRATION + "entity-id", since=SAML_RELYING_PARTY))),
    keyStore=Str("Path, inside the Gate container, to the key store (JKS, PKCS12 from 1.35.0) with Gate's SAML key: "
                 "the signing key before 1.35.0, the decryption key from then on. Not read from 2026.3.0: export "
                 "it to PEM and use decryptionCredentials.", file=True,
                 reads=(_legacy(SAML_RELYING_PARTY),)),
    keyStorePassword=Str("Password of the SAML key store.", secret=True, reads=(_legacy(SAML_RELYING_PARTY),)),
    keyStoreAliasName=Str("Alias of Gate's key inside the key store.", reads=(_legacy(SAML_RELYING_PARTY),)),
    redirectHostname=Str("Host (and port) of Gate as the identity provider and browsers see it, e.g. "
                         "gate.example.com:443; the load balancer's address when there is one. Read before 1.35.0 "
                         "only: later gates take it from the request.",
                         reads=(_legacy(SAML_SPRING_SECURITY),)),
    redirectBasePath=Str("Path prefix of Gate on that host; '/' when unset. Read before 1.35.0 only.",
                         reads=(_legacy(SAML_SPRING_SECURITY),)),
    redirectProtocol=Str("Scheme of the redirect back to Gate; https when unset. Read before 1.35.0 only.",
                         reads=(_legacy(SAML_SPRING_SECURITY),)),
    userAttributeMapping=Msg(Saml_UserAttributes, "Which assertion attributes become the user's name, email "
                                                  "and roles."),
    signatureDigest=Enum(SIGNATURE_DIGEST, "Digest algorithm for signing SAML messages, e.g. SHA256; the "
                                           "library default when unset. Read before 1.35.0 only.",
                         reads=(_legacy(SAML_SPRING_SECURITY),)),
    signRequests=Bool("Sign login requests with signingCredentials (some identity providers, e.g. Keycloak, "
                      "require it; Okta refuses it). Read from 1.35.0.",
                      reads=(Read(since=SAML_SPRING_SECURITY, until=SAML_RELYING_PARTY),
                             Read(_SAML_REGISTRATION + "assertingparty.singlesignon.sign-request",
                                  since=SAML_RELYING_PARTY))),
    signingCredentials=List(Msg(SamlCredential, "A PEM key and certificate Gate signs SAML requests with "
                                                "(with signRequests). Read from 1.35.0.",
                                reads=(Read(since=SAML_SPRING_SECURITY, until=SAML_RELYING_PARTY),
                                       Read(_SAML_REGISTRATION + "signing.credentials", since=SAML_RELYING_PARTY,
                                            how="pem-credentials")))),
    decryptionCredentials=List(Msg(SamlCredential, "A PEM key and certificate Gate decrypts assertions with; "
                                                   "replaces keyStore from 2026.3.0 (read from then on).",
                                   reads=(Read(_SAML_REGISTRATION + "decryption.credentials",
                                               since=SAML_RELYING_PARTY, how="pem-credentials"),))),
    metadataLocal=Str("Halyard's path to a local copy of the identity provider's metadata XML.",
                      halyard="converted: read as metadataUrl, the path kept as written."),
    metadataRemote=Str("Halyard's URL of the identity provider's metadata XML.",
                       halyard="converted: read as metadataUrl."),
    serviceAddress=Str("Halyard's public URL of Gate for SAML redirects, e.g. https://gate.example.com:443/.",
                       halyard="converted: split into redirectProtocol, redirectHostname and redirectBasePath."),
)

Ldap = message(
    "Ldap", "Login with an LDAP directory: Gate binds to the directory as the user with the password typed in.",
    enabled=Bool("Turn LDAP login on in Gate."),
    url=Str("ldap:// or ldaps:// URL of the directory including the root DN, e.g. "
            "ldaps://ldap.example.com:636/dc=example,dc=com."),
    userDnPattern=Str("Pattern turning a login name into a DN relative to the root, {0} being the login, e.g. "
                      "uid={0},ou=people; tried before userSearchFilter."),
    userSearchBase=Str("Subtree to search for users with userSearchFilter, e.g. ou=people; the root when unset."),
    userSearchFilter=Str("LDAP filter finding the user's entry, {0} being the login, e.g. (uid={0})."),
    managerDn=Str("DN of a service account used to search the directory (not a Spinnaker user)."),
    managerPassword=Str("Password of the managerDn service account.", secret=True),
    groupSearchBase=Str("Subtree searched for the user's groups, e.g. ou=groups."),
)

X509 = message(
    "X509", "Login with TLS client certificates presented to Gate (requires Gate's own TLS with clientAuth).",
    enabled=Bool("Turn client-certificate login on in Gate."),
    roleOid=Str("OID of a certificate extension carrying the user's roles, if your CA adds one."),
    subjectPrincipalRegex=Str("Regular expression extracting the user name from the certificate subject, e.g. "
                              "EMAILADDRESS=(.*?)(?:,|$)."),
)

Iap = message(
    "Iap", "Login behind Google Cloud Identity-Aware Proxy: IAP authenticates users and Gate trusts the signed "
           "JWT it forwards.",
    enabled=Bool("Turn IAP login on in Gate."),
    jwtHeader=Str("Request header carrying IAP's JWT; x-goog-iap-jwt-assertion when unset."),
    issuerId=Str("Expected issuer of the JWT; https://cloud.google.com/iap when unset."),
    audience=Str("Expected audience of the JWT, as shown for the backend service in the IAP console, e.g. "
                 "/projects/123/global/backendServices/456."),
    iapVerifyKeyUrl=Str("URL of IAP's public signing keys in JWK format; Google's published URL when unset."),
)

UsernamePassword = message(
    "UsernamePassword", "A single user name and password.",
    username=Str("The user name.", reads=(Read("spring.security.user.name"),)),
    password=Str("The password.", secret=True, reads=(Read("spring.security.user.password"),)),
)

Basic = message(
    "Basic", "Login with one fixed user name and password (gate's login form and HTTP basic); for tests and "
             "small installations. Every release reads it as security.basicform.enabled and "
             "spring.security.user (kleat wrote security.basic, which no gate reads).",
    enabled=Bool("Turn basic login on in Gate.", reads=(Read("security.basicform.enabled"),)),
    user=Msg(UsernamePassword, "The one user allowed to log in."),
)

Authentication = message(
    "Authentication", "How users log in to Spinnaker; enable one method.",
    enabled=Bool("Require login; also tells Deck to show login and user controls."),
    oauth2=Msg(OAuth2, "OAuth 2.0 / OpenID Connect login."),
    saml=Msg(Saml, "SAML 2.0 login."),
    ldap=Msg(Ldap, "LDAP login."),
    x509=Msg(X509, "TLS client-certificate login."),
    iap=Msg(Iap, "Google Cloud Identity-Aware Proxy login."),
    basic=Msg(Basic, "Single-user basic login."),
)

GoogleRoleProvider = message(
    "GoogleRoleProvider", "Roles from Google Workspace groups, read through the Admin Directory API.",
    credentialPath=Str("Path, inside the Fiat container, to a service account JSON key with domain-wide "
                       "delegation to read groups.", file=True),
    adminUsername=Str("A Workspace administrator the service account acts as, e.g. admin@example.com."),
    domain=Str("The Workspace domain whose groups are read, e.g. example.com."),
    roleProviderType=_role_provider_type("Google"),
)

GithubRoleProvider = message(
    "GithubRoleProvider", "Roles from the teams of a GitHub organization.",
    baseUrl=Str("API URL of GitHub, e.g. https://api.github.com, or https://github.example.com/api/v3 for "
                "GitHub Enterprise; Fiat requires it."),
    accessToken=Str("Personal access token of an account that can read the organization's teams (from 2026.0.0 "
                    "a GitHub App can be used instead).", secret=True),
    organization=Str("The GitHub organization whose teams become roles."),
    appId=Str("ID of a GitHub App installed in the organization, used instead of accessToken (with "
              "privateKeyPath and installationId). Read from 2026.0.0.", reads=(Read(since="2026.0.0"),)),
    privateKeyPath=Str("Path, inside the Fiat container, to the GitHub App's PEM private key. Read from 2026.0.0.",
                       reads=(Read(since="2026.0.0"),)),
    installationId=Str("ID of the GitHub App's installation in the organization. Read from 2026.0.0.",
                       reads=(Read(since="2026.0.0"),)),
    authMethod=Enum(GITHUB_AUTH_METHOD, "AUTO (the App when configured, else accessToken), GITHUB_APP or PAT. "
                                        "Read from 2026.0.0; AUTO when unset.", reads=(Read(since="2026.0.0"),)),
    roleProviderType=_role_provider_type("GitHub"),
)

FileRoleProvider = message(
    "FileRoleProvider", "Roles listed per user in a YAML file.",
    path=Str("Path, inside the Fiat container, to the YAML file mapping users to roles.", file=True),
    roleProviderType=_role_provider_type("file"),
)

LdapRoleProvider = message(
    "LdapRoleProvider", "Roles from the groups a user belongs to in an LDAP directory.",
    url=Str("ldap:// or ldaps:// URL of the directory including the root DN."),
    managerDn=Str("DN of the service account Fiat binds as to search groups."),
    managerPassword=Str("Password of the managerDn service account.", secret=True),
    userDnPattern=Str("Pattern turning a user name into a DN, {0} being the name, e.g. uid={0},ou=people."),
    userSearchBase=Str("Subtree to search for users; the root when unset."),
    groupSearchBase=Str("Subtree searched for groups, e.g. ou=groups."),
    userSearchFilter=Str("LDAP filter finding a user's entry, {0} being the user name, e.g. (uid={0})."),
    groupSearchFilter=Str("LDAP filter finding the groups of a user; {0} is the user's full DN and {1} the "
                          "user name; uniqueMember={0} when unset."),
    groupRoleAttributes=Str("Attribute of a group entry used as the role name; cn when unset."),
    roleProviderType=_role_provider_type("LDAP"),
)

GroupMembership = message(
    "GroupMembership", "Where Fiat looks up each user's roles; configure the block of the chosen provider.",
    service=Enum(ROLE_PROVIDER_TYPE, "The active role provider: FILE, GOOGLE, GITHUB or LDAP. Halyard's EXTERNAL "
                                     "(roles come only from the login, e.g. SAML) is passed to Fiat as written.",
                 extra_values=("EXTERNAL",)),
    google=Msg(GoogleRoleProvider, "Google Workspace groups."),
    github=Msg(GithubRoleProvider, "GitHub organization teams."),
    file=Msg(FileRoleProvider, "A static file of users and roles."),
    ldap=Msg(LdapRoleProvider, "LDAP group membership."),
)

Authorization = message(
    "Authorization", "Role-based access control by Fiat: who may see and change applications and accounts.",
    enabled=Bool("Turn Fiat authorization on; accounts and applications with permissions are then restricted "
                 "to their roles. Needs authentication."),
    groupMembership=Msg(GroupMembership, "Where users' roles come from."),
)

Security = message(
    "Security", "Public URLs, TLS, login and authorization.",
    apiSecurity=Msg(ApiSecurity, "Gate (API) URL, CORS and TLS."),
    uiSecurity=Msg(UiSecurity, "Deck (UI) URL and TLS."),
    authn=Msg(Authentication, "How users log in (Gate)."),
    authz=Msg(Authorization, "What logged-in users may do (Fiat)."),
    enabled=Bool("Halyard's overall security switch.",
                 halyard="a Halyard summary flag that no service reads; dropped: login is switched on by "
                         "authn.enabled and the chosen method's enabled."),
)
