// The seat's connection: hello, then frames in order; it reconnects by itself after a lost
// connection or a server restart, coming back with the seat's token and the last frame it had.

/** The subprotocol every WebSocket of the page's asks for. */
export const SUBPROTOCOL = "chinese-ten.v1";
const FINAL = new Set([4001, 4003, 4004, 4009]);

/** The WebSocket address of a path on this page's server. */
export function socketAddress(path) {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
}

/** The JSON object a server's frame holds, or null for anything else. */
export function frameOf(data) {
  try {
    const frame = JSON.parse(data);
    return frame && typeof frame === "object" ? frame : null;
  } catch {
    return null;
  }
}

/** One table seat's WebSocket, kept open. `hello()` gives the first message of each connection;
 * `onFrame(frame)`, `onStatus(status, code)` ("open", "lost", "closed") hear what happens. */
export class Connection {
  constructor(table, hello, onFrame, onStatus) {
    this.table = table;
    this.hello = hello;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.socket = null;
    this.delay = 250;
    this.paths = [`/ws/${encodeURIComponent(table)}`, "/ws"];
    this.settled = false;
    this.stopped = false;
    this.outbox = [];
    this.paused = false;
  }

  /** The WebSocket address of a path on this page's server. */
  address(path) {
    return socketAddress(path);
  }

  /** Connect (again). */
  open() {
    if (this.stopped || this.paused) return;
    const path = this.paths[0];
    const socket = new WebSocket(this.address(path), SUBPROTOCOL);
    let opened = false;
    this.socket = socket;
    socket.addEventListener("open", () => {
      opened = true;
      this.settled = true;
      this.delay = 250;
      socket.send(JSON.stringify(this.hello()));
      for (const message of this.outbox.splice(0)) socket.send(JSON.stringify(message));
      this.onStatus("open");
    });
    socket.addEventListener("message", (event) => {
      const frame = frameOf(event.data);
      if (frame) this.onFrame(frame);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (FINAL.has(event.code) || this.stopped) {
        this.stopped = true;
        this.onStatus("closed", event.code);
        return;
      }
      if (!opened && !this.settled && this.paths.length > 1) {
        this.paths.shift(); // a server that has only the bare /ws answers the table's own path with 404
        this.open();
        return;
      }
      this.onStatus("lost", event.code);
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    });
  }

  /** Send one message now (true), or a chat line once connected again; any other message is not sent (false). */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    if (message.type === "chat") this.outbox.push(message);
    return false;
  }

  /** Let the seat go for now (the page is left, put in the back-forward cache or frozen): the socket is closed so
   * the server counts the seat gone from now on, and nothing connects again until `resume()`. */
  pause() {
    this.paused = true;
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000);
  }

  /** Connect again after `pause()` (the page is shown or running again); true when it was paused. */
  resume() {
    if (!this.paused) return false;
    this.paused = false;
    if (!this.socket && !this.stopped) this.open();
    return true;
  }

  /** Connect again at once (a lost connection's wait cut short). */
  retryNow() {
    if (!this.socket && !this.stopped && !this.paused) this.open();
  }
}
