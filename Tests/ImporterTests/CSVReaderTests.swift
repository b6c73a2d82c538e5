import CSVReader
import Foundation
import Testing
import TestSupport

/// The CSV reader against the public csv-spectrum suite and the cases it lacks.
struct CSVReaderTests {
    /// csv-spectrum, vendored in `Tests/Fixtures` with its licence and source.
    static var spectrum: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/csv-spectrum")
    }

    static let cases = ["comma_in_quotes", "empty", "empty_crlf", "escaped_quotes", "json", "location_coordinates",
                        "newlines", "newlines_crlf", "quotes_and_newlines", "simple", "simple_crlf", "utf8"]

    private func records(_ data: Data, chunkSize: Int = 1 << 20) throws -> [CSVRecord] {
        let folder = try TemporaryFolder("memoss-csv")
        let path = folder.path("input.csv")
        try data.write(to: URL(fileURLWithPath: path))
        let reader = CSVReader(try FileHandle(forReadingFrom: URL(fileURLWithPath: path)), chunkSize: chunkSize)
        var result: [CSVRecord] = []
        while let record = try reader.next() { result.append(record) }
        return result
    }

    /// Every csv-spectrum case gives its expected objects; `location_coordinates` uses the errata
    /// (its bare quote in an unquoted field is kept, as Python's csv does), since upstream's file is wrong.
    @Test(arguments: cases)
    func csvSpectrumCaseParsesAsExpected(_ name: String) throws {
        let csv = try Data(contentsOf: Self.spectrum.appendingPathComponent("csvs/\(name).csv"))
        let expectedFile = name == "location_coordinates" ? "errata/\(name).json" : "json/\(name).json"
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.spectrum.appendingPathComponent(expectedFile)))
            as? [[String: String]]
        for chunkSize in [1 << 20, 1, 7] {  // records split across reads come out the same
            let rows = try records(csv, chunkSize: chunkSize)
            let header = try #require(rows.first).fields
            let objects = rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
            #expect(objects == expected, "chunk size \(chunkSize)")
        }
    }

    @Test func everyVendoredCaseIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.spectrum.appendingPathComponent("csvs").path)
        #expect(files.filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.sorted() == Self.cases)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let rows = try records(Data([0xEF, 0xBB, 0xBF] + Array("title,notes\nMilk,x\n".utf8)))
        #expect(rows.first?.fields == ["title", "notes"])
    }

    @Test func recordsKnowTheLineTheyStartOn() throws {
        let rows = try records(Data("title,notes\r\n\"a\",\"two\r\nlines\"\r\n\r\nb,\"x\ny\nz\"\nc,\n".utf8))
        #expect(rows.map(\.line) == [1, 2, 5, 8])
        #expect(rows[1].fields == ["a", "two\r\nlines"])
        #expect(rows[3].fields == ["c", ""])
    }

    @Test func bareCarriageReturnsEndRecords() throws {
        #expect(try records(Data("a,b\r1,2\r".utf8)).map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test func unterminatedQuoteIsRefusedWithTheLineItStartsOn() throws {
        #expect(throws: CSVError.unterminatedQuote(line: 3)) {
            try records(Data("title\nok\n\"never closed\nmore\n".utf8))
        }
    }

    @Test func invalidUTF8IsRefusedWithItsLine() throws {
        #expect(throws: CSVError.invalidUTF8(line: 2)) {
            try records(Data(Array("title\n".utf8) + [0x66, 0xFF, 0x0A]))
        }
    }

    @Test func theDelimiterIsTheOneTheHeaderUsesMostOutsideQuotes() throws {
        let semicolons = try records(Data("\"a,b\";c;d\n1,5;2;\"3;4\"\n".utf8))
        #expect(semicolons.map(\.fields) == [["a,b", "c", "d"], ["1,5", "2", "3;4"]])
        let tabs = try records(Data("title\tdate\nx, y\t2027-01-01\n".utf8))
        #expect(tabs.map(\.fields) == [["title", "date"], ["x, y", "2027-01-01"]])
        let single = try records(Data("title\nx;y\n".utf8))
        #expect(single.map(\.fields) == [["title"], ["x;y"]])
    }
}
