import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { readReply } from '@/api/transport';

const PictureSchema = v.object({ id: v.number() });

describe('transport: a reply read by another transport (the upload) follows the envelope rules', () => {
  it('Scenario: a success envelope gives its data, parsed, and the caller sees the envelope', () => {
    const seen = vi.fn();
    const data = readReply('upload', 200, { status: true, result: 'ok', data: { id: 7 }, message: '' }, null, PictureSchema, seen);
    expect(data).toEqual({ id: 7 });
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ status: true, data: { id: 7 } }));
  });

  it('Scenario: a refusal throws ApiError with the server\'s message, result and status', () => {
    const read = () => readReply('upload', 400, { status: false, result: 'file_type', data: null, message: 'نوع فایل مجاز نیست' }, null, PictureSchema);
    expect(read).toThrow(ApiError);
    expect(read).toThrow(expect.objectContaining({ code: 'upload', result: 'file_type', status: 400, message: 'نوع فایل مجاز نیست' }));
  });

  it('Scenario: a success whose data is not the expected shape throws invalid_reply', () => {
    const read = () => readReply('upload', 200, { status: true, result: 'ok', data: { id: 'seven' }, message: '' }, null, PictureSchema);
    expect(read).toThrow(expect.objectContaining({ result: 'invalid_reply' }));
  });
});
