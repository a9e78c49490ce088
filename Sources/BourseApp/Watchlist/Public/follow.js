import * as bourse from "./bourse.js";

// The ☆ Follow button on a stock's page: shows whether the stock is in the user's list and
// adds or removes it (POST / DELETE /api/v1/watchlist/{symbol}).
function start() {
    const page = document.getElementById("page");
    const button = document.getElementById("follow");
    if (!page || page.dataset.page !== "stock" || !button) return;
    const symbol = page.dataset.symbol;

    function show(following) {
        button.setAttribute("aria-pressed", following ? "true" : "false");
        button.textContent = following ? "★ Following" : "☆ Follow";
        button.hidden = false;
    }

    async function toggle() {
        const following = button.getAttribute("aria-pressed") === "true";
        button.disabled = true;
        try {
            const list = await bourse.sendJSON(following ? "DELETE" : "POST", "/api/v1/watchlist/" + encodeURIComponent(symbol));
            show(list.symbols.includes(symbol));
        } catch (error) {
            button.title = error.message;
        } finally {
            button.disabled = false;
        }
    }

    button.addEventListener("click", toggle);
    bourse.getJSON("/api/v1/watchlist").then((list) => show(list.symbols.includes(symbol)), () => {});
}
start();
