import type { AccessRequest } from '@contract/console/counter-entities';
import { accessAnswerProblems } from '@contract/rules/counter-forms';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { AccessRequestView } from '../../repositories/console-customers-repository';
import { publishUsersChanged } from '../../services/events/topics';
import { customerAudience } from '../../services/live';
import { nextOffset } from '../../services/chat/chat-mappers';
import { smsSendJob } from '../../services/sms/sms-job-keys';
import { staffWrite } from './commit';
import type { ConsoleHandlers } from './context';

export const toAccessRequest = (row: AccessRequestView): AccessRequest => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  mobile: row.mobile,
  company: row.company,
  message: row.message,
  status: row.status,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
  answered_at: row.answeredAt?.toISOString() ?? null,
  answered_by: row.answeredBy,
});

/** Spec §6's access requests, answered from the console (docs/server.md, "Operator console"). */
export const accessActions: ConsoleHandlers<'access_requests' | 'access_answer'> = {
  async access_requests({ repos }, { status, offset, length }) {
    const page = await repos.consoleCustomers.accessPage(status, { offset, length });
    return { requests: page.rows.map(toAccessRequest), num_results: page.total, next_offset: nextOffset(offset, page.rows.length, page.total), pending_count: page.pending };
  },

  async access_answer(context, { request_id, decision, reason: given }) {
    const { staff, language, clock, live, events, jobs, warn } = context;
    const reason = given?.trim() ?? '';
    // The console's chart refuses the same (contract/rules/counter-forms.ts) before sending.
    if (accessAnswerProblems({ decision, reason }).reason) throw new ApiError(400, 'invalid_input', translate(language, 'access_reason_required'), undefined, { field: 'reason' });
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const accessFlag = decision === 'approve' ? 1 : -1;
    return staffWrite(context, async (tx, later) => {
      // Locked: two answers at once queue, and the second finds it answered (409, nothing written).
      const request = await tx.consoleCustomers.lockAccessRequest(request_id);
      if (!request) throw new ApiError(404, 'not_found', translate(language, 'access_request_not_found'));
      if (request.status !== 'pending') throw new ApiError(409, 'access_answered', translate(language, 'access_already_answered'));
      await tx.consoleCustomers.answerAccess(request, { status, reason: decision === 'deny' ? reason : '', staffId: staff.id, at: clock() });
      await tx.staffAudit.record(staff, { action: `access.${decision}`, subjectType: 'access_request', subjectId: request.id, detail: { user_id: request.userId, ...(reason ? { reason } : {}) } }, clock());
      // The customer's storefront at the shop they asked from learns it live (prices appear, or the access-denied page).
      const at = request.shopId === context.shop.id ? { repos: tx, shop: context.shop } : ((await tx.brandShop(request.shopId)) ?? { repos: tx, shop: context.shop });
      const notices = await at.repos.live.append([{ audience: customerAudience(at.shop.id, request.userId), type: 'access_changed', payload: { access_flag: accessFlag } }]);
      const view = await tx.consoleCustomers.accessRequestView(request.id);
      later(() => live.announce(notices));
      // Every instance's session cache drops the user: their next read has the new access_flag.
      later(() => publishUsersChanged(events, [request.userId]));
      // A job of this transaction: the text leaves only if the answer commits, tried again if the provider fails (the
      // storefront shows the answer anyway). In Persian: the customer's own language is not kept on the account.
      if (view) {
        const params = { SHOP: at.shop.name, ...(decision === 'deny' ? { REASON: reason } : {}) };
        const text =
          decision === 'approve'
            ? translate('fa', 'sms_access_approved', { shop: at.shop.name })
            : translate('fa', 'sms_access_denied', { shop: at.shop.name, reason });
        const template = decision === 'approve' ? 'access_approved' : 'access_denied';
        const job = smsSendJob(`access:${request.id}`, { to: view.mobile, text, template, params }, clock());
        await tx.jobs.schedule(job);
        const failed = (error: unknown) => warn(`access answer ${request.id}: the SMS's first try failed: ${String(error)}`);
        later(() => jobs.runKey(job.key).then(() => undefined, failed));
      }
      if (!view) throw new Error(`access request ${request.id} vanished in its own transaction`);
      return toAccessRequest(view);
    });
  },
};
