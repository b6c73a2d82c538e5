import Foundation

/// The system's words for why a file could not be read or written.
package enum SystemError {
    /// The C library's sentence for the error number behind `error` (Foundation wraps it), in lower
    /// case ("is a directory", "input/output error"); `nil` when no error number is behind it.
    package static func reason(_ error: any Error) -> String? {
        let error = error as NSError
        let posix = error.domain == NSPOSIXErrorDomain ? error : error.userInfo[NSUnderlyingErrorKey] as? NSError
        guard let posix, posix.domain == NSPOSIXErrorDomain, let text = strerror(Int32(posix.code)) else { return nil }
        return String(cString: text).lowercased()
    }
}
