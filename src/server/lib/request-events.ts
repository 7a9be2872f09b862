/**
 * A request's moments as an extension point (issue 35, ADR 046), beside the visit's
 * (visit-events.ts): a request registered (raised by a person, the maintenance run or a QR
 * sticker), assigned to a technician, its work completed. service-requests publishes each inside
 * the transaction that made it; a subscriber (the customer messages' outbox) writes its rows in
 * that same transaction, so a transition that fails writes nothing, and one that commits has its
 * messages. This file knows no module: the composition root registers the subscribers.
 */
import type { Tx } from '#server/db/client.ts';

export type RequestMoment = 'registered' | 'assigned' | 'completed';

export interface RequestEvent {
  moment: RequestMoment;
  /** The requests it happened to (a maintenance run registers many at once). */
  requestIds: readonly string[];
}

export interface RequestEventSubscriber {
  readonly name: string;
  /** Runs inside the event's transaction; throwing rolls it back. */
  on(tx: Tx, event: RequestEvent): Promise<void>;
}

export class RequestEvents {
  private readonly subscribers: RequestEventSubscriber[] = [];

  subscribe(subscriber: RequestEventSubscriber): void {
    if (this.subscribers.some((s) => s.name === subscriber.name)) {
      throw new Error(`A request-event subscriber named '${subscriber.name}' is already registered`);
    }
    this.subscribers.push(subscriber);
  }

  async publish(tx: Tx, event: RequestEvent): Promise<void> {
    if (event.requestIds.length === 0) return;
    for (const s of this.subscribers) await s.on(tx, event);
  }
}
