import Domain
import Foundation
import GRDB

/// Stores saved views (`view save`).
package protocol SavedViewRepository: Sendable {
    /// Every saved view, by name.
    func views() async throws -> [SavedView]
    /// Saves `view`, replacing one of the same name (any case); returns whether one was replaced.
    func save(_ view: SavedView) async throws -> Bool
    /// Removes the view named `name` (any case); returns it, `nil` when there was none.
    func delete(named name: String) async throws -> SavedView?
}

/// The saved views in the store's `savedView` table: a name and the query's words as a JSON array.
package struct GRDBSavedViewRepository: SavedViewRepository {
    private let database: AppDatabase

    /// A repository over `database`.
    package init(database: AppDatabase) {
        self.database = database
    }

    package func views() async throws -> [SavedView] {
        try await database.read { db in
            try Self.all(db)
        }
    }

    package func save(_ view: SavedView) async throws -> Bool {
        let json = String(decoding: try JSONEncoder().encode(view.words), as: UTF8.self)
        return try await database.write { db in
            let existed = try Int.fetchOne(db, sql: "SELECT count(*) FROM savedView WHERE name = ?", arguments: [view.name]) ?? 0 > 0
            try db.execute(sql: "DELETE FROM savedView WHERE name = ?", arguments: [view.name])
            try db.execute(sql: "INSERT INTO savedView (name, query) VALUES (?, ?)", arguments: [view.name, json])
            return existed
        }
    }

    package func delete(named name: String) async throws -> SavedView? {
        try await database.write { db in
            guard let found = try Self.all(db).first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
            try db.execute(sql: "DELETE FROM savedView WHERE name = ?", arguments: [found.name])
            return found
        }
    }

    /// Every view on `db`, by name ignoring case; a row whose query cannot be read is left out.
    private static func all(_ db: Database) throws -> [SavedView] {
        try Row.fetchAll(db, sql: "SELECT name, query FROM savedView").compactMap { row -> SavedView? in
            let name: String = row["name"], query: String = row["query"]
            guard let words = try? JSONDecoder().decode([String].self, from: Data(query.utf8)) else { return nil }
            return SavedView(name: name, words: words)
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}
