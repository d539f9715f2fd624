"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message

S3_SERVER_SIDE_ENCRYPTION = ('UNSPECIFIED', 'AES256', 'AWSKMS')

# kleat: Configuration for a Google Cloud Storage persistent store
Gcs = message(
    "Gcs", "",
    # kleat: Whether this persistent store is enabled.
    enabled=Bool(""),
    # kleat: A path to a JSON service account with permission to read and write to the bucket to be used as a backing store.
    jsonPath=Str(""),
    # kleat: The Google Cloud Platform project you are using to host the GCS bucket as a backing store.
    project=Str(""),
    # kleat: The name of a storage bucket that your specified account has access to.
    bucket=Str(""),
    # kleat: The root folder in the chosen bucket to place all of Spinnaker's persistent data in.
    rootFolder=StrValue(""),
    # kleat: This is only required if the bucket you specify does not exist yet.
    bucketLocation=Str(""),
)

# kleat: Configuration for an Azure Storage persistent store.
Azs = message(
    "Azs", "",
    # kleat: Whether this persistent store is enabled.
    enabled=Bool(""),
    # kleat: The name of an Azure Storage Account.
    storageAccountName=Str(""),
    # kleat: The key to access the Azure Storage Account.
    storageAccountKey=Str(""),
    # kleat: The container name in the chosen storage account to place Spinnaker's persistent data. Defaults to 'spinnaker' if unspecified.
    storageContainerName=Str(""),
)

# kleat: Configuration for an Oracle persistent store.
Oracle = message(
    "Oracle", "",
    # kleat: Whether this persistent store is enabled.
    enabled=Bool(""),
    # kleat: The bucket name to store persistent state object in.
    bucketName=Str(""),
    # kleat: The namespace the bucket and objects should be created in.
    namespace=Str(""),
    # kleat: An Oracle region (e.g., us-phoenix-1).
    region=Str(""),
    # kleat: The OCID of the Oracle User you're authenticating as.
    userId=Str(""),
    # kleat: Fingerprint of the public key.
    fingerprint=Str(""),
    # kleat: Path to the private key in PEM format.
    sshPrivateKeyFilePath=Str(""),
    # kleat: Passphrase used for the private key, if it is encrypted.
    privateKeyPassphrase=Str(""),
    # kleat: The OCID of the Oracle Tenancy to use.
    tenancyId=Str(""),
    # kleat: The OCID of the Oracle Compartment to use.
    compartmentId=Str(""),
)

# kleat: Configuration for an Amazon S3 persistent store.
S3 = message(
    "S3", "",
    # kleat: Whether this persistent store is enabled.
    enabled=Bool(""),
    # kleat: The name of a storage bucket that your specified account has access to.
    bucket=Str(""),
    # kleat: The root folder in the chosen bucket to place all of Spinnaker's persistent data in.
    rootFolder=StrValue(""),
    # kleat: This is only required if the bucket you specify doesn't exist yet. In that case, the bucket will be created in that region. See http://docs.aws.amazon.com/general/latest/gr/rande.html#s3_region.
    region=Str(""),
    # kleat: When true, use path-style to access bucket; when false, use virtual hosted-style to access bucket. See https://docs.aws.amazon.com/AmazonS3/latest/dev/VirtualHosting.html#VirtualHostingExamples.
    pathStyleAccess=Bool(""),
    # kleat: An alternate endpoint that your S3-compatible storage can be found at. This is intended for self-hosted storage services with S3-compatible APIs, e.g. Minio.
    endpoint=Str(""),
    # kleat: Your AWS Access Key ID. If not provided, Spinnaker will try to find AWS credentials as described at http://docs.aws.amazon.com/sdk-for-java/v1/developer-guide/credentials.html#credentials-default
    accessKeyId=Str(""),
    # kleat: Configuration for S3 server-size encryption.
    serverSideEncryption=Enum(S3_SERVER_SIDE_ENCRYPTION, ""),
    # kleat: Your AWS Secret Key.
    secretAccessKey=Str(""),
)

# kleat: ConnectionPool confifugration for the SQL server
ConnectionPool = message(
    "ConnectionPool", "",
    # kleat: Database username
    user=Str(""),
    # kleat: Database password
    password=Str(""),
    # kleat: Database connection string. This needs to include server port and database name as well
    jdbcUrl=Str(""),
    # kleat: Database connection timeout in milliseconds
    connectionTimeout=Int(""),
    # kleat: maxLifetime controls the maximum lifetime of a connection in the pool in milliseconds.
    maxLifetime=Int(""),
    # kleat: Maximum number of connections stored in the connection pool
    maxPoolSize=Int(""),
)

SQL = message(
    "SQL", "",
    # kleat: Whether this persistent store is enabled.
    enabled=Bool(""),
    # kleat: Default database connection pool.
    default=Msg(ConnectionPool, ""),
    # kleat: Migration database connection pool.
    migration=Msg(ConnectionPool, ""),
)

# kleat: Configuration of Spinnaker's persistent storage.
PersistentStorage = message(
    "PersistentStorage", "",
    gcs=Msg(Gcs, ""),
    azs=Msg(Azs, ""),
    oracle=Msg(Oracle, ""),
    s3=Msg(S3, ""),
    sql=Msg(SQL, ""),
)
