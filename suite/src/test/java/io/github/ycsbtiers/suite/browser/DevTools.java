package io.github.ycsbtiers.suite.browser;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.codehaus.jackson.JsonNode;
import org.codehaus.jackson.map.ObjectMapper;

/**
 * One Chrome DevTools Protocol connection to the browser endpoint, over the JDK's WebSocket client:
 * commands (a page's commands carry its {@code sessionId}: targets attached with
 * {@code flatten}) answered by id, and every event kept in arrival order for the checks to read.
 */
final class DevTools implements AutoCloseable {
  static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final ObjectMapper json = new ObjectMapper();
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<JsonNode> events = new ArrayList<>();
  private final Object sending = new Object();
  private WebSocket socket;

  private DevTools() {
  }

  static DevTools connect(URI endpoint) throws IOException {
    DevTools d = new DevTools();
    HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
    try {
      d.socket = http.newWebSocketBuilder().connectTimeout(TIMEOUT).buildAsync(endpoint, d.new Receiver())
          .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IOException("no DevTools connection to " + endpoint + ": " + e, e);
    }
    return d;
  }

  /** Runs a browser command ({@code sessionId} null) or a page's; returns its {@code result}. */
  JsonNode send(String sessionId, String method, Map<String, ?> params) throws IOException {
    long id = ids.incrementAndGet();
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("id", id);
    message.put("method", method);
    message.put("params", params);
    if (sessionId != null) {
      message.put("sessionId", sessionId);
    }
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    pending.put(id, reply);
    try {
      synchronized (sending) {
        socket.sendText(json.writeValueAsString(message), true).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      }
      JsonNode r = reply.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      if (r.has("error")) {
        throw new IOException(method + ": " + r.get("error"));
      }
      return r.path("result");
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IOException(method + ": no answer within " + TIMEOUT.toSeconds() + " s: " + e, e);
    } finally {
      pending.remove(id);
    }
  }

  /** How many events have arrived: the start for {@link #await}. */
  synchronized int mark() {
    return events.size();
  }

  /** The first event {@code method} of the session that arrived after {@code from}; fails after the timeout. */
  synchronized JsonNode await(String sessionId, String method, int from) throws IOException {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    for (int i = from;; ) {
      for (; i < events.size(); i++) {
        JsonNode e = events.get(i);
        if (text(e.path("method")).equals(method) && text(e.path("sessionId")).equals(sessionId)) {
          return e.path("params");
        }
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new IOException("no " + method + " within " + TIMEOUT.toSeconds() + " s");
      }
      try {
        wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for " + method, e);
      }
    }
  }

  /** The session's events so far, in arrival order. */
  synchronized List<JsonNode> events(String sessionId) {
    return events.stream().filter(e -> text(e.path("sessionId")).equals(sessionId)).toList();
  }

  /** A node's text, "" for a missing or null node (Jackson 1's {@code asText()} gives null for a missing one). */
  static String text(JsonNode n) {
    String t = n.isMissingNode() || n.isNull() ? null : n.asText();
    return t == null ? "" : t;
  }

  @Override
  public void close() {
    try {
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      socket.abort();
    }
  }

  private void receive(String text) {
    JsonNode message;
    try {
      message = json.readTree(text);
    } catch (IOException e) {
      return;
    }
    if (message.has("id")) {
      CompletableFuture<JsonNode> reply = pending.get(message.get("id").asLong());
      if (reply != null) {
        reply.complete(message);
      }
      return;
    }
    synchronized (this) {
      events.add(message);
      notifyAll();
    }
  }

  /** Puts a message's parts together (a screenshot comes in many) and hands it over whole. */
  private final class Receiver implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String whole = partial.toString();
        partial.setLength(0);
        receive(whole);
      }
      ws.request(1);
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      pending.values().forEach(f -> f.completeExceptionally(error));
    }
  }
}
