import Foundation
import Storage
import Testing
import TestSupport

/// Which process delivers a store's notifications: the prompt delivers from its line and, while a
/// line is typed, from a task of its own; another process (a `watch` started meanwhile) gets the
/// lock only when both have ended.
struct DeliveryLockTests {
    @Test func anotherProcessTakesTheLockOnlyWhenThisOnesLastDeliveryEnds() throws {
        let folder = try TemporaryFolder("memoss-delivery")
        let store = folder.url.appendingPathComponent("store.sqlite").path
        // A second lock on the same file stands for another process: `flock` is per open file.
        let here = DeliveryLock(storePath: store), elsewhere = DeliveryLock(storePath: store)
        #expect(here.take())
        #expect(here.take())
        here.release()
        #expect(!elsewhere.take())
        here.release()
        #expect(elsewhere.take())
        #expect(!here.take())
        elsewhere.release()
        #expect(here.take())
        here.release()
    }
}
