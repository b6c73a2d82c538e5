#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
#include <string.h>
#include "memoss_session.h"

void *memoss_session_begin(void *db, const char *const *tables, int count, int *rc) {
    sqlite3_session *session = NULL;
    *rc = sqlite3session_create((sqlite3 *)db, "main", &session);
    if (*rc != SQLITE_OK) return NULL;
    for (int i = 0; i < count; i++) {
        *rc = sqlite3session_attach(session, tables[i]);
        if (*rc != SQLITE_OK) {
            sqlite3session_delete(session);
            return NULL;
        }
    }
    return session;
}

int memoss_session_changeset(void *session, int *size, void **bytes) {
    return sqlite3session_changeset((sqlite3_session *)session, size, bytes);
}

void memoss_session_end(void *session) {
    if (session) sqlite3session_delete((sqlite3_session *)session);
}

int memoss_changeset_invert(int size, const void *bytes, int *outSize, void **out) {
    return sqlite3changeset_invert(size, bytes, outSize, out);
}

static int on_conflict(void *context, int reason, sqlite3_changeset_iter *iter) {
    (void)context;
    (void)iter;
    switch (reason) {
    case SQLITE_CHANGESET_DATA:
    case SQLITE_CHANGESET_CONFLICT:
        return SQLITE_CHANGESET_REPLACE;
    case SQLITE_CHANGESET_NOTFOUND:
        return SQLITE_CHANGESET_OMIT;
    default:
        return SQLITE_CHANGESET_ABORT;
    }
}

int memoss_changeset_apply(void *db, int size, const void *bytes) {
    return sqlite3changeset_apply((sqlite3 *)db, size, (void *)bytes, NULL, on_conflict, NULL);
}

int memoss_changeset_blob_keys(int size, const void *bytes, const char *table,
                               void (*visit)(const void *key, int keySize, void *context), void *context) {
    sqlite3_changeset_iter *iter = NULL;
    int rc = sqlite3changeset_start(&iter, size, (void *)bytes);
    if (rc != SQLITE_OK) return rc;
    while (sqlite3changeset_next(iter) == SQLITE_ROW) {
        const char *name = NULL;
        int columns = 0, op = 0, indirect = 0;
        sqlite3changeset_op(iter, &name, &columns, &op, &indirect);
        if (strcmp(name, table) != 0) continue;
        sqlite3_value *key = NULL;
        rc = op == SQLITE_INSERT ? sqlite3changeset_new(iter, 0, &key) : sqlite3changeset_old(iter, 0, &key);
        if (rc == SQLITE_OK && key && sqlite3_value_type(key) == SQLITE_BLOB) {
            visit(sqlite3_value_blob(key), sqlite3_value_bytes(key), context);
        }
    }
    return sqlite3changeset_finalize(iter);
}

void memoss_free(void *pointer) { sqlite3_free(pointer); }

int memoss_keep_wal_on_close(void *db) {
    return sqlite3_db_config((sqlite3 *)db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
