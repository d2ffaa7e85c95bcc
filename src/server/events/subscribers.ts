import { conversationSubscriber } from "../modules/conversation/conversation.subscriber";
import { webhooksSubscriber } from "../modules/webhooks/webhooks.subscriber";
import type { EventSubscriber } from "./index";

/**
 * Everyone who listens to domain events (issue 23, decision 046). Each subscriber names the event
 * types it wants and, inside the writer's transaction, only reads and enqueues jobs: the work
 * itself (an e-mail, a webhook delivery) runs in the job worker after the commit.
 */
export const eventSubscribers: EventSubscriber[] = [conversationSubscriber, webhooksSubscriber];
