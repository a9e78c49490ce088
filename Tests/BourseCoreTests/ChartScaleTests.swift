import BourseCore
import Testing

@Suite("Chart: scales")
struct ChartScaleTests {
    static let priceAxis = LinearScale(domain: (100, 200), range: (300, 10))

    @Test(arguments: [(100.0, 300.0), (200, 10), (150, 155), (125, 227.5), (250, -135)])
    func priceToPixel(value: Double, pixel: Double) {
        #expect(abs(Self.priceAxis.map(value) - pixel) < 1e-9)
        #expect(abs(Self.priceAxis.invert(pixel) - value) < 1e-9)
    }

    @Test func anEmptyDomainMapsToTheMiddle() {
        let flat = LinearScale(domain: (5, 5), range: (100, 0))
        #expect(flat.map(5) == 50)
        #expect(flat.map(1000) == 50)
    }

    @Test(arguments: [(0.0, 0), (9.99, 0), (10, 1), (55, 5), (99.9, 9), (-20, 0), (500, 9)])
    func ordinalIndexAt(x: Double, index: Int) {
        let axis = OrdinalAxis(left: 0, width: 100, count: 10)
        #expect(axis.index(at: x) == index)
    }

    @Test func ordinalCentres() {
        let axis = OrdinalAxis(left: 4, width: 100, count: 4)
        #expect(axis.band == 25)
        #expect((0..<4).map(axis.center(of:)) == [16.5, 41.5, 66.5, 91.5])
        #expect(OrdinalAxis(left: 0, width: 10, count: 0).index(at: 5) == nil)
    }
}
