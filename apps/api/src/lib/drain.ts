/**
 * The first step of a shutdown (server.ts): once it begins, `/api/ready` answers 503 and every
 * answer closes its connection (`Connection: close`, plugins/drain.ts), so a proxy holding
 * keep-alive connections to this process drops each one after its answer instead of sending it
 * another request.
 */
export class Drain {
  #active = false;

  get active(): boolean {
    return this.#active;
  }

  begin(): void {
    this.#active = true;
  }
}
