"""`persistentStorage`: where front50 keeps applications, pipelines and other metadata.

Enable exactly one object store (s3, gcs, azs or oracle); each enabled block
is copied to front50.yml under `spinnaker.<store>`. The `sql` block is used
by keel (managed delivery).
"""
from .dsl import Bool, Enum, Int, Msg, Str, StrValue, messages

message = messages("storage")

S3_SERVER_SIDE_ENCRYPTION = ('UNSPECIFIED', 'AES256', 'AWSKMS')
# Halyard's persistentStoreType values ("" is the unset placeholder).
PERSISTENT_STORE_TYPE = ('', 's3', 'gcs', 'azs', 'oracle', 'redis')

Gcs = message(
    "Gcs", "Google Cloud Storage bucket as front50's store.",
    enabled=Bool("Use this bucket as front50's store."),
    jsonPath=Str("Path, inside the front50 container, to a service account JSON key with read/write access to "
                 "the bucket; the workload identity / default credentials are used when unset.", file=True),
    project=Str("GCP project that owns the bucket."),
    bucket=Str("Name of the bucket, e.g. my-spinnaker-front50."),
    rootFolder=StrValue("Folder (object prefix) inside the bucket for all of front50's data; front50 uses "
                        "front50 when unset."),
    bucketLocation=Str("Location used only if front50 has to create the bucket, e.g. us or europe-west1."),
)

Azs = message(
    "Azs", "Azure Blob Storage container as front50's store.",
    enabled=Bool("Use this storage account as front50's store."),
    storageAccountName=Str("Name of the Azure storage account."),
    storageAccountKey=Str("Access key of the storage account.", secret=True),
    storageContainerName=Str("Blob container for front50's data; spinnaker when unset."),
)

Oracle = message(
    "Oracle", "Oracle Cloud Infrastructure Object Storage bucket as front50's store.",
    enabled=Bool("Use this bucket as front50's store."),
    bucketName=Str("Name of the bucket; front50 uses _spinnaker_front50_data when unset."),
    namespace=Str("Object Storage namespace of the tenancy that holds the bucket."),
    region=Str("OCI region, e.g. us-phoenix-1 (front50's default)."),
    userId=Str("OCID of the OCI user front50 authenticates as."),
    fingerprint=Str("Fingerprint of that user's API signing key, e.g. 74:63:08:...:8b."),
    sshPrivateKeyFilePath=Str("Path, inside the front50 container, to the PEM private API signing key.", file=True),
    privateKeyPassphrase=Str("Passphrase of the private key, when it is encrypted.", secret=True),
    tenancyId=Str("OCID of the tenancy."),
    compartmentId=Str("OCID of the compartment the bucket is created in."),
)

S3 = message(
    "S3", "Amazon S3 (or an S3-compatible service such as MinIO) bucket as front50's store.",
    enabled=Bool("Use this bucket as front50's store."),
    bucket=Str("Name of the bucket, e.g. my-spinnaker-front50."),
    rootFolder=StrValue("Folder (key prefix) inside the bucket for all of front50's data; front50 uses "
                        "front50 when unset."),
    region=Str("AWS region of the bucket, e.g. us-west-2; also where front50 creates it if it is missing."),
    pathStyleAccess=Bool("Address the bucket as endpoint/bucket (path style) instead of bucket.endpoint "
                         "(virtual-hosted style); front50 uses path style when unset."),
    endpoint=Str("URL of an S3-compatible service, e.g. http://minio.storage:9000; AWS's endpoint when unset."),
    accessKeyId=Str("AWS access key ID; the default AWS credential chain (e.g. IRSA, instance profile) is "
                    "used when unset. front50 reads no such key (its S3 client takes only the AWS credential "
                    "chain), so it is not written to front50.yml: the chart gives it to front50 alone as "
                    "`AWS_ACCESS_KEY_ID` from a Secret (`spinnaker-renderer generate` leaves it out)."),
    serverSideEncryption=Enum(S3_SERVER_SIDE_ENCRYPTION, "Server-side encryption requested for new objects: "
                                                         "AES256 (S3-managed keys) or AWSKMS (KMS keys)."),
    secretAccessKey=Str("AWS secret access key belonging to accessKeyId; reaches front50 as "
                        "`AWS_SECRET_ACCESS_KEY` from a Secret, like accessKeyId.", secret=True),
    versioning=Bool("Whether the bucket is versioned: front50 enables versioning when it creates the bucket and "
                    "serves pipeline history from object versions (true when unset); set false for S3-compatible "
                    "services without versioning. kleat lacks this field; front50 reads spinnaker.s3.versioning."),
)

RedisStore = message(
    "RedisStore", "Halyard's Redis store for front50 (no longer supported by front50).",
    host=Str("Redis host name."),
    port=Int("Redis port, e.g. 6379."),
)

ConnectionPool = message(
    "ConnectionPool", "A JDBC connection pool to a SQL database.",
    user=Str("Database user name."),
    password=Str("Database password.", secret=True),
    jdbcUrl=Str("JDBC URL including host, port and database, e.g. jdbc:mysql://mysql.db:3306/keel."),
    connectionTimeout=Int("How long to wait for a connection from the pool, in milliseconds."),
    maxLifetime=Int("Maximum age of a pooled connection before it is replaced, in milliseconds."),
    maxPoolSize=Int("Maximum number of connections in the pool."),
)

SQL = message(
    "SQL", "A SQL database, used by keel when managed delivery is enabled: MySQL (keel's image has no other "
           "JDBC driver).",
    enabled=Bool("Use the SQL database."),
    default=Msg(ConnectionPool, "Pool used for normal operation."),
    migration=Msg(ConnectionPool, "Pool used to run schema migrations at startup (typically a user allowed "
                                  "to change the schema)."),
)

PersistentStorage = message(
    "PersistentStorage", "Where Spinnaker's own metadata is stored; enable exactly one object store.",
    gcs=Msg(Gcs, "Google Cloud Storage."),
    azs=Msg(Azs, "Azure Blob Storage."),
    oracle=Msg(Oracle, "Oracle Cloud Infrastructure Object Storage."),
    s3=Msg(S3, "Amazon S3 or an S3-compatible service."),
    sql=Msg(SQL, "A SQL database (keel)."),
    persistentStoreType=Enum(PERSISTENT_STORE_TYPE, "Halyard's choice of store: s3, gcs, azs, oracle or redis.",
                             halyard="converted: read as persistentStorage.<type>.enabled: true; redis is "
                                     "refused, front50 no longer supports it."),
    redis=Msg(RedisStore, "Halyard's Redis store settings.",
              halyard="front50 no longer supports Redis as its store; dropped: move applications and pipelines "
                      "to s3, gcs, azs or oracle."),
    oraclebmcs=Msg(Oracle, "Halyard's obsolete name for the Oracle store block.",
                   halyard="Halyard merged it into persistentStorage.oracle; dropped: move these settings under "
                           "persistentStorage.oracle."),
)
