import { fromCallback } from 'xstate';
import type { PickedFile, UploadEvent } from '@machines/upload';
import { toApiFailure } from './failure';
import { upload, type UploadRequest } from './upload';

/**
 * A picture through the upload endpoint as the actor a chart invokes (the storefront's support chat,
 * the console's inbox): progress as it goes, then done or failed; cancelled (aborted) when the chart
 * leaves the state that invoked it. `request` says what goes with the file.
 */
export function fromUpload<TInput extends { file: PickedFile }>(request: (input: TInput) => Omit<UploadRequest, 'file' | 'fileName'>) {
  return fromCallback<UploadEvent, TInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    // The view hands the chart the File itself (PickedFile is the part the chart reads).
    const file = input.file as unknown as File;
    upload({ file, fileName: file.name, ...request(input) }, (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }), controller.signal).then(
      (reply) => sendBack({ type: 'upload.done', message: reply.message, media: reply.media }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error: toApiFailure(error) });
      },
    );
    return () => controller.abort();
  });
}
