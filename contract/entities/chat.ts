import * as v from 'valibot';

export const ConversationSchema = v.object({
  id: v.number(),
  title: v.string(),
  unread_count: v.number(),
  last_message: v.nullable(v.string()),
  updated_at: v.string(),
});

export const ConversationListSchema = v.object({
  conversations: v.array(ConversationSchema),
  unread_count: v.number(),
});
export type ConversationList = v.InferOutput<typeof ConversationListSchema>;
