import { byId } from "./bourse.js";

// The People page (/people): a new invitation's link is written whole (this server's address
// as the browser reached it, then /invite/TOKEN), selected, and copied with one tap.
function start() {
    const page = byId("page");
    if (!page || page.dataset.page !== "people") return;
    const field = byId("invitation-link");
    const copy = byId("copy-invitation");
    if (!field || !copy) return;
    field.value = window.location.origin + field.dataset.path;
    field.addEventListener("focus", () => field.select());
    if (!navigator.clipboard) return;
    copy.hidden = false;
    copy.addEventListener("click", async () => {
        try {
            await navigator.clipboard.writeText(field.value);
            copy.textContent = "Copied";
        } catch {
            field.select();
            copy.textContent = "Select and copy";
        }
    });
}

start();
