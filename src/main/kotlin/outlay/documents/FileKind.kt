package outlay.documents

/**
 * What an endpoint takes or gives: the one list of media types that uploads are checked against
 * ([FileService.receive]) and that the OpenAPI document publishes for the endpoint ([FileApiDocs]).
 */
enum class FileKind(val mediaTypes: Set<String>, val names: String) {
    DOCUMENT(FileTypes.DOCUMENT_TYPES, "PDF, PNG, JPEG, WebP or HEIC"),
    IMAGE(FileTypes.IMAGE_TYPES, "PNG, JPEG, WebP or HEIC"),
}

/** The operation takes a multipart `file` part of [kind], recognised from its first bytes. */
@Target(AnnotationTarget.FUNCTION)
@Retention(AnnotationRetention.RUNTIME)
annotation class FileUpload(val kind: FileKind)

/** The operation answers a stored file of [kind] with its own media type (not JSON). */
@Target(AnnotationTarget.FUNCTION)
@Retention(AnnotationRetention.RUNTIME)
annotation class FileDownload(val kind: FileKind)
