// libcurl's C API for the CalDAV client (Debian: libcurl4-openssl-dev), with typed wrappers for
// its variadic calls, which Swift cannot make.
#include <curl/curl.h>

static inline CURLcode memoss_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

/// Basic authentication with `user` and `password`, sent with the first request (no challenge needed).
static inline CURLcode memoss_curl_set_basic_auth(CURL *handle, const char *user, const char *password) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_HTTPAUTH, (unsigned long)CURLAUTH_BASIC);
    if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_USERNAME, user);
    if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_PASSWORD, password);
    return code;
}
static inline CURLcode memoss_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode memoss_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode memoss_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode memoss_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode memoss_curl_set_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}
typedef size_t (*memoss_curl_data_function)(char *data, size_t size, size_t count, void *context);
static inline CURLcode memoss_curl_set_write(CURL *handle, memoss_curl_data_function function, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}
static inline CURLcode memoss_curl_set_header_function(CURL *handle, memoss_curl_data_function function, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}
static inline long memoss_curl_status(CURL *handle) {
    long status = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    return status;
}
static inline void *memoss_curl_private(CURL *handle) {
    char *pointer = NULL;
    curl_easy_getinfo(handle, CURLINFO_PRIVATE, &pointer);
    return pointer;
}
static inline CURLMcode memoss_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
/// The handle and result of a finished transfer from `curl_multi_info_read`, NULL when none is left.
static inline CURL *memoss_curl_next_done(CURLM *multi, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            return message->easy_handle;
        }
    }
    return NULL;
}
