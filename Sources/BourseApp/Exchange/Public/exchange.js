import * as bourse from "./bourse.js";
import { renderBadge } from "./exchange-state.js";
import { chartBox, measureChart, loadBook } from "./exchange-chart.js";
import { loadOrders } from "./exchange-orders.js";
import { loadPosition } from "./exchange-position.js";
import { updateTicket } from "./exchange-ticket.js";
import { connect } from "./exchange-socket.js";

// The exchange screen's entry module: the shell is up; everything else arrives as it comes.
new ResizeObserver(measureChart).observe(chartBox);
measureChart();
updateTicket();
renderBadge();
bourse.showLoading("Connecting to the exchange…");
connect();
loadBook();
loadOrders();
loadPosition();
