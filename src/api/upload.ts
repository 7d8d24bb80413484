import { UPLOAD_FILE_FIELD, UPLOAD_URL, UploadReplySchema, type UploadReply } from '@contract/endpoints/upload';
import type { UploadType } from '@contract/rules/chat';
import { HTTP_TIMEOUT_MS } from '@contract/rules/limits';
import { ApiError } from './api-error';
import { unansweredText } from './connection-words';
import { apiLanguage, fieldsOf, readReply } from './client';

export type { UploadReply };

export interface UploadRequest {
  file: Blob;
  fileName: string;
  type: UploadType;
  /** sent as the `extra` JSON field, e.g. { name, message } of a media message */
  extra: Record<string, unknown>;
  /** Accept-Language of the request (the operator console's own); default the storefront's */
  language?: string;
}

/**
 * Sends a file to the upload endpoint with XMLHttpRequest (fetch reports no upload progress),
 * telling `onProgress` the bytes sent. Aborting `signal` cancels it. The reply goes through
 * the same envelope rules as every call (client.ts readReply).
 */
export function upload(request: UploadRequest, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const form = fieldsOf({ extra: request.extra, type: request.type });
    form.set(UPLOAD_FILE_FIELD, request.file, request.fileName);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept-Language', request.language ?? apiLanguage());
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : request.file.size);
    xhr.onload = () => {
      try {
        resolve(readReply('upload', xhr.status, xhr.response as unknown, xhr.getResponseHeader('retry-after'), UploadReplySchema) as UploadReply);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(unansweredText('network', request.language ?? apiLanguage()), 'upload', 'network'));
    xhr.ontimeout = () => reject(new ApiError(unansweredText('timeout', request.language ?? apiLanguage()), 'upload', 'timeout'));
    xhr.onabort = () => reject(new ApiError('The upload was cancelled', 'upload', 'cancelled'));
    if (signal?.aborted) return void reject(new ApiError('The upload was cancelled', 'upload', 'cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
