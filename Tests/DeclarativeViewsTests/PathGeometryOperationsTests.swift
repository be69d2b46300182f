import DeclarativeViews
import Foundation
import Testing

/// The signed area of a path's closed polygons (shoelace), summed: holes turned the other way
/// count negatively.
private func area(_ path: Path) -> CGFloat {
    var total: CGFloat = 0
    var polygon: [CGPoint] = []
    func close() {
        for index in polygon.indices {
            let (p, q) = (polygon[index], polygon[(index + 1) % polygon.count])
            total += p.x * q.y - q.x * p.y
        }
        polygon = []
    }
    path.forEach { element in
        switch element {
        case .move(let point):
            if !polygon.isEmpty { close() }
            polygon = [point]
        case .line(let point): polygon.append(point)
        case .closeSubpath: close()
        default: Issue.record("boolean results are made of lines")
        }
    }
    if !polygon.isEmpty { close() }
    return abs(total) / 2
}

/// How many subpaths (moves) a path has, and how many points.
private func counts(_ path: Path) -> (subpaths: Int, points: Int) {
    var subpaths = 0, points = 0
    path.forEach { element in
        switch element {
        case .move: subpaths += 1; points += 1
        case .line: points += 1
        default: break
        }
    }
    return (subpaths, points)
}

private func rounded(_ rect: CGRect, _ scale: CGFloat = 100) -> CGRect {
    CGRect(x: (rect.minX * scale).rounded() / scale, y: (rect.minY * scale).rounded() / scale,
           width: (rect.width * scale).rounded() / scale, height: (rect.height * scale).rounded() / scale)
}

@Suite struct PathGeometryOperationsTests {
    let a = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
    let b = Path(CGRect(x: 5, y: 5, width: 10, height: 10))

    @Test func unionOfTwoOverlappingSquaresIsOneOctagonalOutline() {
        let union = a.union(b)
        #expect(union.boundingRect == CGRect(x: 0, y: 0, width: 15, height: 15))
        #expect(area(union) == 175, "100 + 100 - the 25 they share")
        #expect(counts(union).subpaths == 1 && counts(union).points == 8, "one outline of 8 corners, no points in line")
        #expect(union.contains(CGPoint(x: 2, y: 2)) && union.contains(CGPoint(x: 12, y: 12)) && union.contains(CGPoint(x: 7, y: 7)))
        #expect(!union.contains(CGPoint(x: 12, y: 2)) && !union.contains(CGPoint(x: 2, y: 12)))
    }

    @Test func intersectionSubtractionAndSymmetricDifferenceOfTwoSquares() {
        let both = a.intersection(b)
        #expect(both.boundingRect == CGRect(x: 5, y: 5, width: 5, height: 5) && area(both) == 25)
        let left = a.subtracting(b)
        #expect(left.boundingRect == CGRect(x: 0, y: 0, width: 10, height: 10) && area(left) == 75)
        #expect(left.contains(CGPoint(x: 2, y: 2)) && !left.contains(CGPoint(x: 7, y: 7)))
        let either = a.symmetricDifference(b)
        #expect(area(either) == 150)
        #expect(!either.contains(CGPoint(x: 7, y: 7)) && either.contains(CGPoint(x: 2, y: 2)) && either.contains(CGPoint(x: 12, y: 12)))
        #expect(a.intersection(Path(CGRect(x: 20, y: 20, width: 5, height: 5))).isEmpty, "disjoint shapes share nothing")
    }

    @Test func subtractingAnInnerSquareLeavesAHoleUnderEitherRule() {
        let frame = a.subtracting(Path(CGRect(x: 3, y: 3, width: 4, height: 4)))
        #expect(counts(frame).subpaths == 2)
        #expect(area(frame) == 84, "the hole turns the other way: 100 - 16")
        for eoFill in [false, true] {
            #expect(!frame.contains(CGPoint(x: 5, y: 5), eoFill: eoFill), "the hole is empty (eoFill \(eoFill))")
            #expect(frame.contains(CGPoint(x: 1, y: 1), eoFill: eoFill))
        }
    }

    @Test func aCircleCutByARectangleIsAHalfDiscWithinTheFlatteningTolerance() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        let half = circle.intersection(Path(CGRect(x: 10, y: -5, width: 20, height: 30)))
        #expect(rounded(half.boundingRect, 10) == CGRect(x: 10, y: 0, width: 10, height: 20))
        #expect(abs(area(half) - .pi * 100 / 2) < 0.5, "half of π·10², less what flattening cuts off")
        #expect(half.contains(CGPoint(x: 15, y: 10)) && !half.contains(CGPoint(x: 5, y: 10)))
    }

    @Test func normalizingOverlappingSubpathsFollowsTheFillRule() {
        var twice = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        twice.addRect(CGRect(x: 5, y: 0, width: 10, height: 10))
        #expect(area(twice.normalized(eoFill: false)) == 150, "non-zero: the overlap is filled once")
        let evenOdd = twice.normalized(eoFill: true)
        #expect(area(evenOdd) == 100, "even-odd: the overlap is a hole")
        #expect(!evenOdd.contains(CGPoint(x: 7, y: 5)) && !evenOdd.contains(CGPoint(x: 7, y: 5), eoFill: true))
    }

    @Test func lineIntersectionAndSubtractionCutALineAtTheShapesEdges() {
        let line = Path { $0.addLines([CGPoint(x: -5, y: 5), CGPoint(x: 15, y: 5)]) }
        let inside = line.lineIntersection(a)
        #expect(inside.boundingRect == CGRect(x: 0, y: 5, width: 10, height: 0))
        #expect(counts(inside).subpaths == 1)
        let outside = line.lineSubtraction(a)
        #expect(counts(outside).subpaths == 2, "before the square and after it")
        #expect(outside.boundingRect == CGRect(x: -5, y: 5, width: 20, height: 0))
        #expect(!outside.contains(CGPoint(x: 5, y: 5)))
    }

    @Test func strokedPathCoversTheLineWidthCapsAndDashes() {
        let line = Path { $0.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]) }
        let butt = line.strokedPath(StrokeStyle(lineWidth: 2))
        #expect(butt.boundingRect == CGRect(x: 0, y: -1, width: 10, height: 2))
        #expect(butt.contains(CGPoint(x: 5, y: 0.5)) && !butt.contains(CGPoint(x: 5, y: 1.5)) && !butt.contains(CGPoint(x: 10.5, y: 0)))
        let square = line.strokedPath(StrokeStyle(lineWidth: 2, lineCap: .square))
        #expect(square.boundingRect == CGRect(x: -1, y: -1, width: 12, height: 2))
        let round = line.strokedPath(StrokeStyle(lineWidth: 2, lineCap: .round))
        #expect(rounded(round.boundingRect) == CGRect(x: -1, y: -1, width: 12, height: 2))
        #expect(round.contains(CGPoint(x: 10.5, y: 0)) && !round.contains(CGPoint(x: 10.9, y: 0.9)))
        let dashed = line.strokedPath(StrokeStyle(lineWidth: 2, dash: [2, 2]))
        #expect(dashed.contains(CGPoint(x: 1, y: 0)) && !dashed.contains(CGPoint(x: 3, y: 0)) && dashed.contains(CGPoint(x: 5, y: 0)))
        let phased = line.strokedPath(StrokeStyle(lineWidth: 2, dash: [2, 2], dashPhase: 2))
        #expect(!phased.contains(CGPoint(x: 1, y: 0)) && phased.contains(CGPoint(x: 3, y: 0)))
    }

    @Test func strokedCornersAreMiteredWithinTheLimitAndBevelledBeyondIt() {
        let corner = Path { $0.addLines([CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0)]) }
        let mitered = corner.strokedPath(StrokeStyle(lineWidth: 2))
        #expect(mitered.boundingRect == CGRect(x: 0, y: 0, width: 11, height: 11))
        #expect(mitered.contains(CGPoint(x: 10.9, y: 10.9)), "the miter fills the outer corner")
        let bevelled = corner.strokedPath(StrokeStyle(lineWidth: 2, lineJoin: .bevel))
        #expect(!bevelled.contains(CGPoint(x: 10.9, y: 10.9)) && bevelled.contains(CGPoint(x: 10.4, y: 10.4)))
        let limited = corner.strokedPath(StrokeStyle(lineWidth: 2, miterLimit: 1.2))
        #expect(!limited.contains(CGPoint(x: 10.9, y: 10.9)), "a right angle's miter (√2) is over the limit")
    }

    @Test func tangentArcsTransformsAndApplyingPlaceGeometryAsCoreGraphicsDoes() {
        var rounded = Path()
        rounded.move(to: .zero)
        rounded.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        let end = rounded.currentPoint ?? .zero
        #expect(abs(end.x - 10) < 1e-9 && abs(end.y - 5) < 1e-9, "the arc ends where it meets the second tangent")
        #expect(roundedRect(rounded.boundingRect) == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(!rounded.contains(CGPoint(x: 9.5, y: 0.5)), "the corner is cut round")

        let scaled = Path(CGRect(x: 0, y: 0, width: 10, height: 5)).applying(CGAffineTransform(scaleX: 2, y: 3))
        #expect(scaled.boundingRect == CGRect(x: 0, y: 0, width: 20, height: 15))
        let turned = Path(CGRect(x: 0, y: 0, width: 10, height: 5)).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(roundedRect(turned.boundingRect) == CGRect(x: -5, y: 0, width: 5, height: 10))

        var moved = Path()
        moved.addRect(CGRect(x: 0, y: 0, width: 4, height: 4), transform: CGAffineTransform(translationX: 10, y: 20))
        moved.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4), transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(roundedRect(moved.boundingRect) == CGRect(x: 0, y: 0, width: 14, height: 24))
        let transform = CGAffineTransform(translationX: 3, y: 0).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(transform) == CGPoint(x: 5, y: 2), "scale first, then translate")
        #expect(CGPoint(x: 5, y: 2).applying(transform.inverted()) == CGPoint(x: 1, y: 1))
    }

    @MainActor @Test func aTransformedShapeIsItsShapeMapped() throws {
        let moved = Rectangle().transform(CGAffineTransform(translationX: 5, y: 0))
        #expect(moved.path(in: CGRect(x: 0, y: 0, width: 10, height: 10)).boundingRect == CGRect(x: 5, y: 0, width: 10, height: 10))
        let direct = TransformedShape(shape: Circle(), transform: CGAffineTransform(scaleX: 0.5, y: 1))
        #expect(direct.transform.a == 0.5 && TransformedShape<Circle>.role == .fill)
        let (host, _) = mount(moved.fill(Color.red).frame(width: 10, height: 10))
        let node = try #require(host.renderTree.first?.children.first)
        #expect(node.kind == .shape("Rectangle transform(1, 0, 0, 1, 5, 0)") && node.attributes["fill"] == "red")
        #expect(node.path?.boundingRect == CGRect(x: 5, y: 0, width: 10, height: 10))
    }
}

private func roundedRect(_ rect: CGRect) -> CGRect {
    CGRect(x: (rect.minX * 1000).rounded() / 1000, y: (rect.minY * 1000).rounded() / 1000,
           width: (rect.width * 1000).rounded() / 1000, height: (rect.height * 1000).rounded() / 1000)
}

@MainActor @Suite struct ShapeBooleanOperationsTests {
    @Test func shapesCombineInTheFrameTheyAreLaidOutIn() throws {
        let host = layOut(VStack(spacing: 0) {
            Rectangle().subtracting(Circle()).fill(Color.red).frame(width: 20, height: 20)
            Rectangle().union(Rectangle().offset(x: 10)).frame(width: 10, height: 10)
            Circle().intersection(Rectangle().offset(x: 10), eoFill: true).frame(width: 20, height: 20)
            Rectangle().symmetricDifference(Rectangle().scale(0.5)).frame(width: 10, height: 10)
            Circle().lineIntersection(Rectangle().offset(x: 10)).stroke(Color.blue).frame(width: 20, height: 20)
            Circle().lineSubtraction(Rectangle().offset(x: 10)).stroke(Color.blue).frame(width: 20, height: 20)
        }, width: 100, height: 200)
        let shapes = flattened(host.renderTree)
        let corners = try #require(shapes.first { $0.kind == .shape("Rectangle subtracting circle") })
        let path = try #require(corners.path)
        #expect(path.contains(CGPoint(x: 0.5, y: 0.5)) && !path.contains(CGPoint(x: 10, y: 10)), "only the corners are left")
        #expect(corners.attributes["fill"] == "red")
        let wide = try #require(shapes.first { $0.kind == .shape("Rectangle union rectangle offset(10, 0)") }?.path)
        #expect(wide.boundingRect == CGRect(x: 0, y: 0, width: 20, height: 10))
        let half = try #require(shapes.first { $0.kind == .shape("Circle intersection rectangle offset(10, 0)") }?.path)
        #expect(half.contains(CGPoint(x: 15, y: 10)) && !half.contains(CGPoint(x: 5, y: 10)))
        let ring = try #require(shapes.first { $0.kind == .shape("Rectangle symmetricDifference rectangle scale(0.5, 0.5)") }?.path)
        #expect(!ring.contains(CGPoint(x: 5, y: 5)) && ring.contains(CGPoint(x: 1, y: 1)))
        let right = try #require(shapes.first { $0.kind == .shape("Circle lineIntersection rectangle offset(10, 0)") })
        #expect(right.path.map { roundedRect($0.boundingRect) } == CGRect(x: 10, y: 0, width: 10, height: 20), "the right half of the outline")
        #expect(right.attributes["stroke"] == "blue 1")
        let left = try #require(shapes.first { $0.kind == .shape("Circle lineSubtraction rectangle offset(10, 0)") }?.path)
        #expect(roundedRect(left.boundingRect) == CGRect(x: 0, y: 0, width: 10, height: 20), "the left half")
    }
}
