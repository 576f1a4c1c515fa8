import { INSPECTOR_CHANNEL } from './hook';

/** The inspector tab's side of the channel, as the page needs it (a test passes a fake). */
export interface InspectorChannel {
  post(message: unknown): void;
  /** Calls `receive` with each message's data; returns the way to stop. */
  listen(receive: (data: unknown) => void): () => void;
  close(): void;
}

export function openBrowserChannel(): InspectorChannel {
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  return {
    post: (message) => {
      channel.postMessage(message);
    },
    listen: (receive) => {
      const onMessage = ({ data }: MessageEvent) => {
        receive(data);
      };
      channel.addEventListener('message', onMessage);
      return () => {
        channel.removeEventListener('message', onMessage);
      };
    },
    close: () => {
      channel.close();
    },
  };
}
