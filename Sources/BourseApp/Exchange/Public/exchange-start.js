"use strict";
(function (X) {
if (!X) return;
const { B, chartBox, measureChart, updateTicket, renderBadge, connect, loadBook, loadOrders, loadPosition } = X;

// ---- Start: the shell is up; everything else arrives as it comes. ----

new ResizeObserver(measureChart).observe(chartBox);
measureChart();
updateTicket();
renderBadge();
B.showLoading("Connecting to the exchange…");
connect();
loadBook();
loadOrders();
loadPosition();
})(window.BourseExchange);
