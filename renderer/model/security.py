"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message

AUTHENTICATION_SCHEME = ('unspecified', 'header', 'query', 'form', 'none')
CLIENT_AUTH = ('UNSPECIFIED', 'NONE', 'WANT', 'NEED')
ROLE_PROVIDER_TYPE = ('UNSPECIFIED', 'FILE', 'GOOGLE', 'GITHUB', 'LDAP')
SIGNATURE_DIGEST = ('UNSPECIFIED', 'SHA1', 'SHA256', 'SHA384', 'SHA512', 'RIPEMD160', 'MD5')

# kleat: Configuration for a custom trust store.
TrustStore = message(
    "TrustStore", "",
    # kleat: Whether this custom trust store is enabled.
    enabled=Bool(""),
    # kleat: The path to a key store in JKS format containing certification authorities that should be trusted.
    trustStore=Str(""),
    # kleat: The password for the supplied trustStore.
    trustStorePassword=Str(""),
)

# kleat: Configuration for webhooks.
WebhookConfig = message(
    "WebhookConfig", "",
    # kleat: A custom trust store to use for outgoing webhook connections.
    trust=Msg(TrustStore, ""),
)

# kleat: Configuration for SSL termination by the API server.
ApiSsl = message(
    "ApiSsl", "",
    # kleat: Whether SSL is enabled.
    enabled=Bool(""),
    # kleat: Name of your keystore entry as generated with your keytool.
    keyAlias=Str(""),
    # kleat: Path to the keystore holding your security certificates.
    keyStore=Str(""),
    # kleat: The type of your keystore. Examples include JKS, and PKCS12.
    keyStoreType=Str(""),
    # kleat: The password to unlock your keystore. Due to a limitation in Tomcat, this must match your key's password in the keystore.
    keyStorePassword=Str(""),
    # kleat: Path to the truststore holding your trusted certificates.
    trustStore=Str(""),
    # kleat: The type of your truststore. Examples include JKS, and PKCS12.
    trustStoreType=Str(""),
    # kleat: The password to unlock your truststore.
    trustStorePassword=Str(""),
    # kleat: Whether to require or allow client authentication.
    clientAuth=Enum(CLIENT_AUTH, ""),
)

# kleat: Configuration for the API server's addressable URL and CORS policies.
ApiSecurity = message(
    "ApiSecurity", "",
    # kleat: If you have authentication enabled, are accessing Spinnaker remotely, and are logging in from sources other than the UI, provide a regex matching all URLs authentication redirects may come from.
    corsAccessPattern=Str(""),
    # kleat: If you want the API server to do SSL termination, it must be enabled and configured here. If you are doing your own SSL termination, leave this disabled.
    ssl=Msg(ApiSsl, ""),
    # kleat: If you are accessing the API server remotely, provide the full base URL of whatever proxy or load balancer is fronting the API requests
    overrideBaseUrl=Str(""),
)

# kleat: Configuration for SSL termination by the UI gateway.
UiSsl = message(
    "UiSsl", "",
    # kleat: Whether SSL is enabled.
    enabled=Bool(""),
    # kleat: Path to your .crt file.
    sslCertificateFile=Str(""),
    # kleat: Path to your .key file.
    sslCertificateKeyFile=Str(""),
    # kleat: Path to the .crt file for the CA that issued your SSL certificate. This is only needed for local git deployments that serve the UI using webpack dev server.
    sslCACertificateFile=Str(""),
    # kleat: The passphrase needed to unlock your SSL certificate. This will be provided to Apache on startup.
    sslCertificatePassphrase=Str(""),
)

# kleat: Configuration for the UI server's addressable URL.
UiSecurity = message(
    "UiSecurity", "",
    # kleat: Configuration for SSL termination by the UI gateway.
    ssl=Msg(UiSsl, ""),
    # kleat: If you are accessing the UI server remotely, provide the full base URL of whatever proxy or load balancer is fronting the UI requests.
    overrideBaseUrl=Str(""),
)

# kleat: Configuration for an OAuth 2.0 client.
OAuth2Client = message(
    "OAuth2Client", "",
    # kleat: The OAuth client ID you have configured with your OAuth 2.0 provider.
    clientId=Str(""),
    # kleat: The OAuth client secret you have configured with your OAuth provider.
    clientSecret=Str(""),
    # kleat: The access token uri for your OAuth provider.
    accessTokenUri=Str(""),
    # kleat: The user authorization uri for your OAuth 2.0 provider.
    userAuthorizationUri=Str(""),
    # kleat: The method used to transmit authentication credentials to your OAuth 2.0 provider.
    clientAuthenticationScheme=Enum(AUTHENTICATION_SCHEME, ""),
    # kleat: The scope to request when obtaining an access token from your OAuth 2.0 provider.
    scope=Str(""),
    # kleat: The externally accessible URL for Gate. For use with load balancers that do any kind of address manipulation for Gate traffic, such as an SSL terminating load balancer.
    preEstablishedRedirectUri=Str(""),
    # kleat: Whether the current URI in the request should be preferred over the pre-established redirect URI.
    useCurrentUri=Bool(""),
)

# kleat: Configuration for OAuth 2.0 resources.
OAuth2Resource = message(
    "OAuth2Resource", "",
    # kleat: The user info URI for your OAuth 2.0 provider.
    userInfoUri=Str(""),
)

# kleat: Mapping of user attributes to fields returned by an OAuth 2.0 provider. This field controls how the fields returned from the OAuth 2.0 provider's user info endpoint are translated into a Spinnaker user.
OAuth2UserInfoMapping = message(
    "OAuth2UserInfoMapping", "",
    # kleat: Email.
    email=Str(""),
    # kleat: First name.
    firstName=Str(""),
    # kleat: Last name.
    lastName=Str(""),
    # kleat: Username.
    username=Str(""),
)

# kleat: Configuration for authentication via OAuth 2.0.
OAuth2 = message(
    "OAuth2", "",
    # kleat: Whether the authentication method is enabled.
    enabled=Bool(""),
    # kleat: Configuration for your OAuth 2.0 client.
    client=Msg(OAuth2Client, ""),
    # kleat: The map of requirements the userInfo request must have. This is used to restrict user login to specific domains or having a specific attribute.
    userInfoRequirements=Map(Str("")),
    # kleat: Configuration for OAuth 2.0 resources.
    resource=Msg(OAuth2Resource, ""),
    # kleat: Mapping of user attributes to fields returned by your OAuth 2.0 provider. This field controls how the fields returned from the OAuth 2.0 provider's user info endpoint are translated into a Spinnaker user.
    userInfoMapping=Msg(OAuth2UserInfoMapping, ""),
)

# kleat: Configuration for fields returned from your SAML provider.
Saml_UserAttributes = message(
    "Saml_UserAttributes", "",
    # kleat: First name.
    firstName=Str(""),
    # kleat: Last name.
    lastName=Str(""),
    # kleat: Roles.
    roles=Str(""),
    # kleat: Roles delimiter.
    rolesDelimiter=Str(""),
    # kleat: Username.
    username=Str(""),
    # kleat: Email.
    email=Str(""),
)

# kleat: Configuration for authentication via SAML. SAML authenticates users by passing cryptographically signed XML documents between the Gate server and an identity provider. Gate's key is stored and accessed via the -keystore parameters, while the identity provider's keys are included in the metadata.xml. Finally, the identity provider must redirect the control flow (through the user's browser) back to Gate by way of the -serviceAddressUrl. This is likely the address of Gate's load balancer.
Saml = message(
    "Saml", "",
    # kleat: Whether the authentication method is enabled.
    enabled=Bool(""),
    # kleat: The path to a local file containing identity provider's metadata XML file; can be either a local file or a URI.
    metadataUrl=Str(""),
    # kleat: The identity of the Spinnaker application registered with the SAML provider.
    issuerId=Str(""),
    # kleat: Path to the keystore that contains this server's private key. This key is used to cryptographically sign SAML AuthNRequest objects.
    keyStore=Str(""),
    # kleat: The password used to access the file specified in -keystore.
    keyStorePassword=Str(""),
    # kleat: The name of the alias under which this server's private key is stored in the -keystore file.
    keyStoreAliasName=Str(""),
    # kleat: The host name of the gate server as accessible by the SAML identity provider. If deployed behind a load balancer, this would be the load balancer's address. (Ex: gate.org.com:8084)
    redirectHostname=Str(""),
    # kleat: The base path on the gate server to which redirects will be sent. Defaults to '/' if absent.
    redirectBasePath=Str(""),
    # kleat: The protocol to use to when redirecting back to the Gate server. Defaults to 'https' if absent.
    redirectProtocol=Str(""),
    # kleat: Configuration for fields returned from your SAML provider.
    userAttributeMapping=Msg(Saml_UserAttributes, ""),
    # kleat: Digest algorithm to sign SAML messages (optional).
    signatureDigest=Enum(SIGNATURE_DIGEST, ""),
)

# kleat: Configuration for authentication via LDAP. Lightweight Directory Access Protocol (LDAP) is a standard way many organizations maintain user credentials and group memberships. Spinnaker uses the standard 'bind' approach for user authentication. This is a fancy way of saying that Gate uses your username and password to login to the LDAP server, and if the connection is successful, you're considered authenticated.
Ldap = message(
    "Ldap", "",
    # kleat: Whether the authentication method is enabled.
    enabled=Bool(""),
    # kleat: ldap:// or ldaps:// url of the LDAP server.
    url=Str(""),
    # kleat: The pattern for finding a user's DN using simple pattern matching. For example, if your LDAP server has the URL ldap://mysite.com/dc=spinnaker,dc=org, and you have the pattern 'uid={0},ou=members', 'me' will map to a DN uid=me,ou=members,dc=spinnaker,dc=org. If no match is found, will try to find the user using user-search-filter, if set.
    userDnPattern=Str(""),
    # kleat: The part of the directory tree under which user searches should be performed. If user-search-base isn't supplied, the search will be performed from the root.
    userSearchBase=Str(""),
    # kleat: The filter to use when searching for a user's DN. Will search either from user-search-base (if specified) or root for entires matching the filter, then attempt to bind as that user with the login password. For example, the filter 'uid={0}' would apply to any user where uid matched the user's login name. If -user-dn-pattern is also specified, will attempt to find a match using the specified pattern first, before searching with the specified search filter if no match is found from the pattern.
    userSearchFilter=Str(""),
    # kleat: An LDAP manager user is required for binding to the LDAP server for the user authentication process. This property refers to the DN of that entry. I.e. this is not the user which will be authenticated when logging into DHIS2, rather the user which binds to the LDAP server in order to do the authentication.
    managerDn=Str(""),
    # kleat: The password for the LDAP manager user.
    managerPassword=Str(""),
    # kleat: The part of the directory tree under which group searches should be performed.
    groupSearchBase=Str(""),
)

# kleat: Configuration for authentication via X509 certificates. X509 authenticates users via client certificate and a corresponding private key. These certificates optionally provide authorization information via custom OIDs with corresponding group information for the user. This can be configured via -roleOid.
X509 = message(
    "X509", "",
    # kleat: Whether the authentication method is enabled.
    enabled=Bool(""),
    # kleat: The OID that encodes roles that the user specified in the x509 certificate belongs to.
    roleOid=Str(""),
    # kleat: The regex used to parse the subject principal name embedded in the x509 certificate if necessary.
    subjectPrincipalRegex=Str(""),
)

# kleat: Configuration for authentication via Google Cloud Identity-Aware Proxy. Google Cloud Identity-Aware Proxy (IAP) is an authentication model that utilizes Google OAuth 2.0 and an authorization service to provide access control for users of GCP. After a user has been authenticated and authorized by IAP's service, a JWT token is passed along which Spinnaker uses to check for authenticity and to get the user email from the payload and sign the user in. To configure IAP, set the audience field retrieved from the IAP console.
Iap = message(
    "Iap", "",
    # kleat: Whether the authentication method is enabled.
    enabled=Bool(""),
    # kleat: The HTTP request header that contains the JWT token.
    jwtHeader=Str(""),
    # kleat: The Issuer from the ID token payload.
    issuerId=Str(""),
    # kleat: The Audience from the ID token payload. You can retrieve this field from the IAP console: https://cloud.google.com/iap/docs/signed-headers-howto#verify_the_id_token_header.
    audience=Str(""),
    # kleat: The URL containing the Cloud IAP public keys in JWK format.
    iapVerifyKeyUrl=Str(""),
)

# kleat: Configuration for a username/password combination.
UsernamePassword = message(
    "UsernamePassword", "",
    # kleat: Username.
    username=Str(""),
    # kleat: Password.
    password=Str(""),
)

# kleat: Configuration for basic username/password authentication
Basic = message(
    "Basic", "",
    # kleat: Whether the authentication method is enabled.
    enabled=Bool(""),
    # kleat: The username and password used to log in via basic authentication.
    user=Msg(UsernamePassword, ""),
)

# kleat: Configuration of how users authenticate against Spinnaker.
Authentication = message(
    "Authentication", "",
    # kleat: Whether to enabled authentication.
    enabled=Bool(""),
    # kleat: OAuth 2.0 configuration.
    oauth2=Msg(OAuth2, ""),
    # kleat: SAML configuration.
    saml=Msg(Saml, ""),
    # kleat: LDAP configuration.
    ldap=Msg(Ldap, ""),
    # kleat: X509 configuration.
    x509=Msg(X509, ""),
    # kleat: Google Cloud Identity-Aware Proxy configuration.
    iap=Msg(Iap, ""),
    # kleat: Basic username/password authentication.
    basic=Msg(Basic, ""),
)

# kleat: Configuration for the Google role provider.
GoogleRoleProvider = message(
    "GoogleRoleProvider", "",
    # kleat: A path to a valid json service account that can authenticate against the Google role provider.
    credentialPath=Str(""),
    # kleat: Your role provider's admin username e.g. admin@myorg.net.
    adminUsername=Str(""),
    # kleat: The domain your role provider is configured for e.g. myorg.net.
    domain=Str(""),
)

# kleat: Configuration for the GitHub role provider.
GithubRoleProvider = message(
    "GithubRoleProvider", "",
    # kleat: Used if using GitHub enterprise some other non github.com GitHub installation.
    baseUrl=Str(""),
    # kleat: A personal access token of an account with access to your organization's GitHub Teams structure.
    accessToken=Str(""),
    # kleat: The GitHub organization under which to query for GitHub Teams.
    organization=Str(""),
)

# kleat: Configuration for the file-based role provider.
FileRoleProvider = message(
    "FileRoleProvider", "",
    # kleat: A path to a file describing the roles of each user.
    path=Str(""),
)

# kleat: Configuration for the LDAP role provider.
LdapRoleProvider = message(
    "LdapRoleProvider", "",
    # kleat: ldap:// or ldaps:// url of the LDAP server.
    url=Str(""),
    # kleat: The manager user's distinguished name (principal) to use for querying LDAP groups.
    managerDn=Str(""),
    # kleat: The manager user's password to use for querying LDAP groups.
    managerPassword=Str(""),
    # kleat: The pattern for finding a user's DN using simple pattern matching. For example, if your LDAP server has the URL ldap://mysite.com/dc=spinnaker,dc=org, and you have the pattern 'uid={0},ou=members', 'me' will map to a DN uid=me,ou=members,dc=spinnaker,dc=org. If no match is found, will try to find the user using -user-search-filter, if set.
    userDnPattern=Str(""),
    # kleat: The part of the directory tree under which user searches should be performed. If -user-search-base isn't supplied, the search will be performed from the root.
    userSearchBase=Str(""),
    # kleat: The part of the directory tree under which group searches should be performed.
    groupSearchBase=Str(""),
    # kleat: The filter to use when searching for a user's DN. Will search either from -user-search-base (if specified) or root for entries matching the filter.
    userSearchFilter=Str(""),
    # kleat: The filter which is used to search for group membership. The default is 'uniqueMember={0}', corresponding to the groupOfUniqueMembers LDAP class. In this case, the substituted parameter is the full distinguished name of the user. The parameter '{1}' can be used if you want to filter on the login name.
    groupSearchFilter=Str(""),
    # kleat: The attribute which contains the name of the authority defined by the group entry. Defaults to 'cn'.
    groupRoleAttributes=Str(""),
)

# kleat: Configuration role providers that map users to groups.
GroupMembership = message(
    "GroupMembership", "",
    # kleat: Configuration for which role provider to use for authorization decisions. Each role provider has a corresponding field; configuration specific to the role provider you are using should be added to the appropriate field.
    service=Enum(ROLE_PROVIDER_TYPE, ""),
    # kleat: Configuration for the Google role provider.
    google=Msg(GoogleRoleProvider, ""),
    # kleat: Configuration for the GitHub role provider.
    github=Msg(GithubRoleProvider, ""),
    # kleat: Configuration for the file-based role provider.
    file=Msg(FileRoleProvider, ""),
    # kleat: Configuration for the LDAP role provider.
    ldap=Msg(LdapRoleProvider, ""),
)

# kleat: Configuration for what resources users of Spinnaker can read and modify.
Authorization = message(
    "Authorization", "",
    # kleat: Whether Spinnaker's role-based authorization is enabled.
    enabled=Bool(""),
    # kleat: Configuration role providers that map users to groups.
    groupMembership=Msg(GroupMembership, ""),
)

# kleat: Configuration for security settings.
Security = message(
    "Security", "",
    # kleat: Configuration for the API server's addressable URL and CORS policies.
    apiSecurity=Msg(ApiSecurity, ""),
    # kleat: Configuration for the UI server's addressable URL.
    uiSecurity=Msg(UiSecurity, ""),
    # kleat: Configuration of how users authenticate against Spinnaker.
    authn=Msg(Authentication, ""),
    # kleat: Configuration for what resources users of Spinnaker can read and modify.
    authz=Msg(Authorization, ""),
)
