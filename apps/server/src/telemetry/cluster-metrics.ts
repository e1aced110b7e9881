/**
 * Metrics of a cluster (LEDGERPORT_WORKERS above 1): each process keeps its own registry, and the
 * primary adds them up with prom-client's AggregatorRegistry. A scrape lands on any HTTP process; it
 * asks the primary over the cluster's channel, which asks every process and answers the sum, so one
 * scrape sees the whole server.
 */
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'ledgerport:metrics-ask';
const ANSWER = 'ledgerport:metrics-answer';

interface Ask {
  type: typeof ASK;
  id: string;
}
interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' asks with every worker's metrics added up. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}

/** In a worker: the registry the primary collects from (prom-client answers its requests). */
export function shareWithCluster(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // prom-client starts answering the primary's requests when an AggregatorRegistry is made in the worker.
  new AggregatorRegistry();
}

export const isClusterWorker = () => cluster.isWorker;

/** In a worker: the whole cluster's metrics, in the Prometheus text format. */
export function askClusterMetrics(timeoutMs = 10_000): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`the cluster's metrics could not be gathered: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error(`the cluster's primary process did not answer with metrics within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    process.on('message', onMessage);
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}
