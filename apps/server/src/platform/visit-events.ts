// The visit events the intake takes and the writer the request context carries: their shapes
// only. Writing them (batches, rollups) is the analytics module's (modules/analytics/event-writer.ts).

export type TEventRow = {
  siteId: string;
  visitId: string;
  seq: number;
  type: string;
  lang: string;
  device: string;
  page: string;
  fromPage: string | null;
  target: string | null;
  targetId: string | null;
  dwellMs: number | null;
  ordinal: number | null;
  x: number | null;
  y: number | null;
  occurredAt: Date;
  /** On a visit's entry event: the visit itself (stored once in site_visits). */
  visit?: TVisitMeta;
};

export type TVisitMeta = {
  visitorId: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The ad click that brought the visit: its network and click id (null without one). */
  adNetwork: string | null;
  adClickId: string | null;
  /** The variation of a running experiment the visit was shown (null: none). */
  variationId?: string | null;
};

/** Takes visit events for writing in batches (the context's `visits.writer`). */
export type TEventIntake = {
  /** Takes the rows for writing; false (nothing taken) when the buffer is full or closed. */
  add(rows: TEventRow[], now?: number): boolean;
  /** Rows waiting to be written. */
  pending(): number;
  /** Writes everything held now. */
  flush(): Promise<void>;
  /** Stops taking rows and writes what is held. */
  close(): Promise<void>;
};
