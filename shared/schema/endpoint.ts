/**
 * An endpoint of the desk's API, described once: its address ('GET /events/:id', inside
 * /api/staff), who may call it, what it takes and what it answers. Each area's endpoints sit
 * beside its replies (shared/schema/replies/<area>.ts) and all of them are listed in
 * shared/desk-api.ts. The server registers each route from its record
 * (server/routes/desk/endpoint.ts: the schemas check the request and serialize the reply) and the
 * desk calls it by its address, typed from the record (desk/src/lib/api.ts). The desk reads the
 * records as types only, so no schema is in its bundle.
 */
import type { z } from 'zod';
import type { DeskAccess } from './desk-vocabulary';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where an endpoint is: its method and its path inside /api/staff, a parameter as `:id`. */
export type Address = `${Method} /${string}`;

/** A documented answer that is not serialized (a CSV download, a page): csvReply in replies/common.ts. */
type Documented = { description: string; content: Record<string, unknown> };

export type Endpoint = {
  /** Who may call it (shared/schema/desk-vocabulary.ts); the server checks it on every request. */
  access: DeskAccess;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** The JSON body it takes, checked by the server. */
  body?: z.ZodType;
  /** It takes a file as it is, whatever its Content-Type (what it is is read from its bytes). */
  file?: true;
  /** Its answers by status: its success (200, 201 or 204) and its refusals ('4xx', or a status with more to say). */
  response?: Partial<Record<number | '4xx', z.ZodType | Documented>>;
};

/** An area's endpoints, by address. */
export type Endpoints = Record<Address, Endpoint>;

/** 'GET /events/:id' → GET and /events/:id. */
export function splitAddress(address: Address): { method: Method; path: string } {
  const space = address.indexOf(' ');
  return { method: address.slice(0, space) as Method, path: address.slice(space + 1) };
}

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/** What a call answers when it succeeds: its 204 nothing, or its 200 or 201 as the record declares it. */
export type Reply<E extends Endpoint> = E['response'] extends object
  ? 204 extends keyof E['response']
    ? undefined
    : 201 extends keyof E['response']
      ? Output<E['response'][201]>
      : Output<E['response'][200]>
  : unknown;

/**
 * The family's agreement as a form has it: the server answers a "no" (consentTaken false) with why
 * it is needed, so the desk may send one.
 */
export type Agreed<Body> = Body extends { consentTaken: true }
  ? Omit<Body, 'consentTaken'> & { consentTaken: boolean }
  : Body;

/** What a call sends: its path's parameters, its query (or the page's own, as a string), its body or file. */
export type Request<E extends Endpoint> = (E extends { params: z.ZodType }
  ? { params: z.input<E['params']> }
  : unknown) &
  (E extends { querystring: z.ZodType } ? { query?: z.input<E['querystring']> | string } : unknown) &
  (E extends { body: z.ZodType }
    ? { body: Agreed<z.input<E['body']>> }
    : E extends { file: true }
      ? { body: Blob }
      : unknown);
