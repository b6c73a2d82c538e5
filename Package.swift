// swift-tools-version: 6.0
import PackageDescription

// The package is the architecture: each layer of the shared core is its own
// target, and imports point one way only:
// Domain ← Storage ← UseCases ← Presentation ← Shared (composition) ← fronts.
// Only Storage depends on GRDB; the fronts see the core through `Shared`.
// Release builds of `memoss` and `memoss-import` link the Swift runtime and Foundation statically:
// each command then starts in about 5 ms instead of 8 or more (no dozen shared libraries to load and
// relocate) and uses 5 MiB less memory, at the cost of a larger file (65 MB stripped, 34 MB of it
// ICU's data; Tools/install puts memoss-import on disk as a link to memoss, see ImportCommand).
// Foundation's static archive needs the libraries it is built on named after it. `memoss-sync`
// stays dynamic: it needs the system's libcurl.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-lswiftSynchronization", "-l_FoundationICU",
                  "-l_FoundationCShims", "-l_FoundationCollections"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "Memoss",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Shared", targets: ["Shared"]),
        .executable(name: "memoss", targets: ["memoss"]),
        .executable(name: "memoss-import", targets: ["memoss-import"]),
        .executable(name: "memoss-sync", targets: ["memoss-sync"]),
        .executable(name: "memoss-tui", targets: ["memoss-tui"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // MARK: Shared core
        .target(name: "Domain", path: "Shared/Domain"),
        // SQLite's session extension (changesets) for the undo journal; the system library has it.
        .target(name: "CSQLiteSession", path: "Shared/CSQLiteSession", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "CSystem", path: "Shared/CSystem"),
        .target(
            name: "Storage",
            dependencies: [
                "Domain",
                "CSQLiteSession",
                "CSystem",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Shared/Storage"
        ),
        .target(name: "UseCases", dependencies: ["Domain", "Storage"], path: "Shared/UseCases"),
        // RFC 5545 VTODOs: reading and writing calendars (export, import, and what sync sends).
        .target(name: "ICalendar", dependencies: ["Domain"], path: "Shared/ICalendar"),
        .target(name: "Presentation", dependencies: ["Domain", "UseCases", "ICalendar"], path: "Shared/Presentation"),
        // CalDAV sync (RFC 4791, RFC 6578): the iCalendar codec over HTTP, merged into the store.
        .target(name: "Sync", dependencies: ["Domain", "Storage", "UseCases", "ICalendar"], path: "Shared/Sync"),
        // libcurl's C API (Debian: libcurl4-openssl-dev), and the live HTTP transport of sync over it.
        .systemLibrary(name: "CCurl", path: "Shared/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "SyncCurl", dependencies: ["Sync", "CCurl"], path: "Shared/SyncCurl"),
        .target(
            name: "Shared",
            dependencies: ["Domain", "Storage", "UseCases", "ICalendar", "Presentation"],
            path: "Shared/Composition"
        ),
        // Sync put together over the core. Only `memoss-sync` links it, so the other commands do not
        // load the HTTP and XML libraries (libcurl and its TLS stack: 8 MiB at each start).
        .target(name: "SharedSync", dependencies: ["Shared", "Storage", "Sync", "SyncCurl"], path: "Shared/SyncComposition"),

        // MARK: Fronts
        // What every front shares: one output sink, one exit-status mapping, the command line read
        // with the commands' own definitions, the store option and the sync options.
        .target(
            name: "FrontSupport",
            dependencies: ["Shared", "CTerminfo", "CSystem", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Frontends/Support"
        ),
        // The terminal database (ncurses's libtinfo): which colours and attributes a terminal has,
        // so output uses only what TERM can show.
        .systemLibrary(name: "CTerminfo", path: "Frontends/CTerminfo", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(
            name: "CReadline",
            path: "Frontends/CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        .executableTarget(
            name: "memoss",
            dependencies: ["Shared", "FrontSupport", "CReadline", "CSystem", "ImportCommand",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Frontends/REPL",
            linkerSettings: staticRuntime
        ),
        // `memoss sync` runs it; it does the CalDAV sync.
        .executableTarget(
            name: "memoss-sync",
            dependencies: ["SharedSync", "FrontSupport", "CSystem", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Frontends/Sync"
        ),
        // ncursesw for the full screen (Debian: libncurses-dev).
        .systemLibrary(
            name: "CNcurses",
            path: "Frontends/CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // `memoss tui` runs it: only the full screen loads ncurses, not every command. Dynamic, as
        // memoss-sync is: a full screen starts once a session, and the runtime is not on disk twice.
        .executableTarget(
            name: "memoss-tui",
            dependencies: ["Shared", "FrontSupport", "CNcurses", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Frontends/TUI"
        ),
        .target(name: "CSVReader", dependencies: ["Domain"], path: "Frontends/CSVReader"),
        // memoss-import's command. `memoss` links it too and is the importer when started under that
        // name, so an installed memoss-import is a link to memoss: the runtime and ICU once on disk.
        .target(
            name: "ImportCommand",
            dependencies: ["Shared", "FrontSupport", "CSVReader", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Frontends/Importer"
        ),
        .executableTarget(
            name: "memoss-import",
            dependencies: ["ImportCommand"],
            path: "Frontends/ImporterMain",
            linkerSettings: staticRuntime
        ),

        // MARK: Tools
        .target(name: "BenchmarkSupport", path: "Tools/BenchmarkSupport"),
        // What tests and benchmarks ask the store about itself (query plans); not in the product.
        .target(
            name: "StoreDiagnostics",
            dependencies: ["Storage", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tools/StoreDiagnostics"
        ),
        .executableTarget(
            name: "TagFilterBenchmark",
            dependencies: ["BenchmarkSupport", "Domain", "Storage", "UseCases", "StoreDiagnostics"],
            path: "Tools/TagFilterBenchmark"
        ),
        .executableTarget(
            name: "PlannerBenchmark",
            dependencies: ["BenchmarkSupport", "Domain", "Storage", "UseCases"],
            path: "Tools/PlannerBenchmark"
        ),

        .executableTarget(
            name: "ScaleBenchmark",
            dependencies: ["BenchmarkSupport"],
            path: "Tools/ScaleBenchmark"
        ),
        .executableTarget(
            name: "ImportBenchmark",
            dependencies: ["BenchmarkSupport"],
            path: "Tools/ImportBenchmark"
        ),
        // The man pages, made from the programs' command definitions and docs/man (Tools/install, Tools/manual).
        .target(name: "ManualPages", path: "Tools/ManualPages"),
        .executableTarget(name: "ManualGenerator", dependencies: ["ManualPages"], path: "Tools/ManualGenerator"),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: [
                "Domain", "Storage", "UseCases", "Presentation", "Shared", "CSystem",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "Presentation", "TestSupport"], path: "Tests/DomainTests"),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "Shared", "TestSupport", "StoreDiagnostics", "CSQLiteSession", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/StorageTests"
        ),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "TestSupport"], path: "Tests/ICalendarTests"),
        .testTarget(name: "SyncUnitTests", dependencies: ["Sync", "SharedSync", "ICalendar", "TestSupport"], path: "Tests/SyncUnitTests"),
        .testTarget(name: "SyncCurlTests", dependencies: ["SyncCurl", "Sync", "TestSupport"], path: "Tests/SyncCurlTests", exclude: ["Scripts"]),
        .testTarget(name: "UseCasesTests", dependencies: ["UseCases", "TestSupport"], path: "Tests/UseCasesTests"),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "TestSupport"],
            path: "Tests/PresentationTests"
        ),
        .testTarget(
            name: "ImporterTests",
            dependencies: ["TestSupport", "Domain", "CSVReader", "memoss-import", "memoss"],
            path: "Tests/ImporterTests"
        ),
        .testTarget(
            name: "ManualTests",
            dependencies: ["ManualPages", "TestSupport", "memoss", "memoss-import", "memoss-sync", "memoss-tui"],
            path: "Tests/ManualTests"
        ),
        .testTarget(
            name: "TUITests",
            dependencies: ["TestSupport", "memoss", "memoss-tui"],
            path: "Tests/TUITests"
        ),
        .testTarget(
            name: "REPLTests",
            dependencies: ["TestSupport", "memoss", "memoss-sync"],
            path: "Tests/REPLTests",
            exclude: ["Scripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
