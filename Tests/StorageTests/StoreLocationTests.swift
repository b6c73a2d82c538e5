import Storage
import Testing

struct StoreLocationTests {
    private let home = ["HOME": "/home/ada"]

    @Test func defaultStoreIsUnderTheXDGDataHome() {
        #expect(StoreLocation.resolve(explicitPath: nil, environment: home.merging(["XDG_DATA_HOME": "/data"]) { $1 })
            == "/data/memoss/memoss.sqlite")
    }

    @Test func withoutXDGDataHomeTheStoreIsUnderLocalShare() {
        #expect(StoreLocation.resolve(explicitPath: nil, environment: home) == "/home/ada/.local/share/memoss/memoss.sqlite")
        // The XDG spec ignores a relative XDG_DATA_HOME.
        #expect(StoreLocation.resolve(explicitPath: nil, environment: home.merging(["XDG_DATA_HOME": "data"]) { $1 })
            == "/home/ada/.local/share/memoss/memoss.sqlite")
    }

    @Test func memossDBOverridesTheDefaultAndDbOverridesBoth() {
        let environment = home.merging(["MEMOSS_DB": "~/env.sqlite", "XDG_DATA_HOME": "/data"]) { $1 }
        #expect(StoreLocation.resolve(explicitPath: nil, environment: environment) == "/home/ada/env.sqlite")
        #expect(StoreLocation.resolve(explicitPath: "/tmp/x.sqlite", environment: environment) == "/tmp/x.sqlite")
    }
}
