import Hummingbird

/// The GNB screens: `/gnb` (the product list) and `/gnb/{sku}` (one product). Each answers
/// with its shell at once; the page's script then loads the data from `/api/v1/gnb/...`.
public func addGNBPages<Context: RequestContext>(to router: Router<Context>) {
    router.get("gnb") { _, _ in
        HTMLPage(html: GNBProductsPage().render())
    }
    router.get("gnb/:sku") { _, context in
        let sku = try context.parameters.require("sku")
        guard GNBProductPage.isValid(sku: sku) else {
            return HTMLPage(status: .badRequest, html: GNBProductPage.invalidSKU(sku).render())
        }
        return HTMLPage(html: GNBProductPage(sku: sku).render())
    }
}
