import * as bourse from "./bourse.js";

function start() {
    const main = document.getElementById("page");
    const LOADING = "Downloading rates and transactions…";

    /** The words for a failed load, by what went wrong. */
    function describe(error) {
        return bourse.describeLoadError(error, { source: "The GNB service", unsaved: "no earlier download is saved", answer: "data" });
    }

    function transactionsWord(count) {
        return count === 1 ? "1 transaction" : count + " transactions";
    }

    // The product list: a row per SKU, filtered as the user types.
    function productsPage() {
        const table = bourse.byId("products");
        const rows = bourse.byId("product-rows");
        const search = bourse.byId("sku-filter");
        const count = bourse.byId("product-count");
        const params = new URLSearchParams(location.search);
        if (params.has("q") && search.value === "") search.value = params.get("q");

        function applyFilter() {
            const query = search.value.trim().toUpperCase();
            let shown = 0;
            for (const row of rows.rows) {
                const match = row.dataset.sku.toUpperCase().includes(query);
                row.hidden = !match;
                if (match) shown += 1;
            }
            const total = rows.rows.length;
            if (table.hidden) return;
            if (shown === 0) {
                count.textContent = "No product matches “" + search.value.trim() + "”.";
            } else if (query === "") {
                count.textContent = total === 1 ? "1 product" : total + " products";
            } else {
                count.textContent = shown + " of " + total + " products match “" + search.value.trim() + "”.";
            }
        }

        search.addEventListener("input", function () {
            const url = new URL(location.href);
            if (search.value.trim() === "") url.searchParams.delete("q"); else url.searchParams.set("q", search.value.trim());
            history.replaceState(null, "", url);
            applyFilter();
        });

        function totalCell(product) {
            if (product.total !== null && product.total !== undefined) {
                return bourse.el("td", { class: "num" }, product.total);
            }
            const missing = product.unconvertible || 0;
            return bourse.el("td", { class: "num" }, "—",
                bourse.el("span", { class: "note" },
                    "No EUR total: " + transactionsWord(missing) + " can't be converted"));
        }

        async function load() {
            bourse.showLoading(LOADING);
            table.hidden = true;
            count.textContent = "";
            try {
                const body = await bourse.getJSON("/api/v1/gnb/products");
                bourse.showFreshness(body);
                rows.replaceChildren(...body.products.map(function (product) {
                    const row = bourse.el("tr", { "data-sku": product.sku },
                        bourse.el("td", {}, bourse.el("a", { href: "/gnb/" + encodeURIComponent(product.sku) }, product.sku)),
                        bourse.el("td", { class: "num" }, String(product.count)),
                        totalCell(product));
                    return row;
                }));
                bourse.showLoaded();
                table.hidden = false;
                applyFilter();
            } catch (error) {
                bourse.showError(describe(error), load);
            }
        }
        load();
    }

    // One product: its transactions, each converted to EUR, and the total.
    function productPage() {
        const sku = main.dataset.sku;
        const details = bourse.byId("product");
        const rows = bourse.byId("transaction-rows");

        function pathText(path) {
            if (path.length <= 1) return (path[0] || "EUR") + " (no conversion)";
            return path.join(" → ");
        }

        function transactionRow(transaction) {
            const amount = bourse.el("td", { class: "num" }, transaction.amount + " " + transaction.currency);
            if (transaction.eur === null || transaction.eur === undefined) {
                return bourse.el("tr", { class: "row-error" }, amount,
                    bourse.el("td", { class: "num" }, "—"),
                    bourse.el("td", {}, transaction.error || "No conversion path to EUR"));
            }
            return bourse.el("tr", {}, amount,
                bourse.el("td", { class: "num" }, transaction.eur + " EUR"),
                bourse.el("td", { class: "path" }, pathText(transaction.path || [])));
        }

        async function load() {
            bourse.showLoading(LOADING);
            details.hidden = true;
            try {
                const body = await bourse.getJSON("/api/v1/gnb/products/" + encodeURIComponent(sku));
                bourse.showFreshness(body);
                const total = bourse.byId("total");
                const note = bourse.byId("total-note");
                if (body.total !== null && body.total !== undefined) {
                    total.textContent = body.total + " " + (body.currency || "EUR");
                    note.hidden = true;
                } else {
                    total.textContent = "—";
                    note.textContent = "No total in EUR: " + transactionsWord(body.unconvertible || 0)
                        + " can't be converted (see below).";
                    note.hidden = false;
                }
                bourse.byId("transaction-count").textContent = transactionsWord(body.transactions.length);
                rows.replaceChildren(...body.transactions.map(transactionRow));
                bourse.showLoaded();
                details.hidden = false;
            } catch (error) {
                if (error instanceof bourse.LoadError && error.status === 404) {
                    bourse.showError("No product " + sku + ": no transaction has this SKU.", null);
                } else {
                    bourse.showError(describe(error), load);
                }
            }
        }
        load();
    }

    if (main.dataset.page === "gnb-products") productsPage();
    if (main.dataset.page === "gnb-product") productPage();
}
start();
