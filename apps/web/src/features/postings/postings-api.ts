/** The Postings calls: an account's documents, and one document with its lines. */
import type { ResponseOf, getPosting, listPostings } from '@ledgerport/contract';
import { api } from '../../lib/api-client';

export type PostingPage = ResponseOf<typeof listPostings>;
export type PostingDetail = ResponseOf<typeof getPosting>;

export interface PostingQuery {
  accountKey: string;
  page: number;
  size: number;
  sort?: string;
  status?: string[];
  documentClass?: string[];
  currency?: string | null;
  start?: string;
  end?: string;
  text?: string;
}

export function fetchPostingPage(q: PostingQuery): Promise<PostingPage> {
  return api.get<PostingPage>('/postings', {
    accountKey: q.accountKey,
    page: q.page,
    size: q.size,
    sort: q.sort,
    status: q.status?.length ? q.status.join(',') : undefined,
    documentClass: q.documentClass?.length ? q.documentClass.join(',') : undefined,
    currency: q.currency ?? undefined,
    start: q.start,
    end: q.end,
    text: q.text?.trim() ? q.text.trim() : undefined,
  });
}

export function fetchPosting(documentId: string): Promise<PostingDetail> {
  return api.get<PostingDetail>('/posting', { documentId });
}

export const postingPath = (documentId: string) => `/invoice?documentId=${encodeURIComponent(documentId)}`;
