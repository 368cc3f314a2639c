import { SpanStatusCode, type Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * The last word before a span leaves the process: an error status keeps its code and drops its
 * message, which instrumentations copy from the error (a database error quotes the value it
 * refused, UU 27/2022). Runs in `onEnding`, while the span can still be changed.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnding(span: Span): void {
    if (span.status.code === SpanStatusCode.ERROR && span.status.message !== undefined) {
      // setStatus keeps a message only when given one.
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    this.next.onEnding?.(span);
  }

  onEnd(span: ReadableSpan): void {
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
