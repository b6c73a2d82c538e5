import Domain
import Foundation
import Testing
import UseCases

/// The replans a screen's changes ask for wait until the screen has drawn the change, and those
/// asked for before one starts are that one.
struct ReplanQueueTests {
    @Test func replansWaitForTheStartAndThoseAskedForMeanwhileRunOnce() async {
        let queue = ReplanQueue(), runs = Gathered<Int>()
        await queue.ask { runs.add(1) }
        await queue.ask { runs.add(2) }
        #expect(runs.all.isEmpty)

        await queue.start()
        await queue.drain()
        #expect(runs.all == [2])

        await queue.ask { runs.add(3) }
        await queue.drain()
        #expect(runs.all == [2, 3])
    }
}
