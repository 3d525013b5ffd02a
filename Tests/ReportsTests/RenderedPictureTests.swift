import Foundation
import PictureTestKit
import Reports
import Testing

/// The picture check itself: it measures what rsvg-convert draws, and it finds labels that meet or run off.
@Suite struct RenderedPictureTests {
    static func picture(_ texts: [(String, Double, Double, String)]) -> String {
        var document = SVGDocument(width: 200, height: 60)
        for (content, x, y, anchor) in texts { document.text(content, x: x, y: y, size: 10, anchor: anchor) }
        return document.text
    }

    @Test func theInkIsMeasuredWhereTheRendererDrawsIt() async throws {
        let picture = try await RenderedPicture(
            svg: Self.picture([("0000000000", 10, 30, "start"), ("end", 190, 50, "end"), (" ", 100, 10, "start")]))
        #expect(picture.problems.isEmpty, "\(picture.problems)")
        let zeros = try #require(picture.texts.first?.ink)
        // Ten characters of 6 px from x = 10 (the last zero's ink ends short of its advance), 7.3 px tall.
        #expect(zeros.minX >= 10 && zeros.minX < 12, "\(zeros)")
        #expect(zeros.maxX > 68 && zeros.maxX < 70, "\(zeros)")
        #expect(zeros.minY > 20 && zeros.minY < 22 && zeros.maxY > 29.5 && zeros.maxY < 31, "\(zeros)")
        // Anchored at its end: 18 px to the left of x = 190.
        let end = try #require(picture.texts[1].ink)
        #expect(end.maxX > 188 && end.maxX <= 190 && end.minX > 171.5 && end.minX < 174, "\(end)")
        #expect(picture.texts[2].ink == nil)
    }

    @Test func labelsThatMeetOrRunOffThePictureAreProblems() async throws {
        let overlapping = try await RenderedPicture(
            svg: Self.picture([("Mon 23 Nov", 40, 30, "middle"), ("Tue 24 Nov", 90, 30, "middle")]))
        #expect(overlapping.problems.count == 1)
        #expect(overlapping.problems.first?.contains("\"Mon 23 Nov\" at (40.0, 30.0) size 10.0 middle") == true)
        #expect(overlapping.problems.first?.contains("overlaps \"Tue 24 Nov\"") == true)
        let apart = try await RenderedPicture(
            svg: Self.picture([("Mon 23 Nov", 40, 30, "middle"), ("Tue 24 Nov", 105, 30, "middle")]))
        #expect(apart.problems.isEmpty, "\(apart.problems)")
        let cut = try await RenderedPicture(svg: Self.picture([("a long label", 170, 30, "start")]))
        #expect(cut.problems.count == 1)
        #expect(cut.problems.first?.contains("runs off the 200.0 × 60.0 picture") == true, "\(cut.problems)")
    }

    @Test func aProportionalFontIsCaughtBeforeItBreaksTheLayout() async throws {
        let svg = Self.picture([("MMMMMMMMMM", 10, 30, "start")]).replacingOccurrences(
            of: SVGDocument.fontFamily, with: "DejaVu Sans")
        let picture = try await RenderedPicture(svg: svg)
        #expect(picture.problems.contains { $0.contains("the renderer did not use a monospaced font") })
    }
}
