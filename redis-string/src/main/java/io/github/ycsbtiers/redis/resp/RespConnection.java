package io.github.ycsbtiers.redis.resp;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One connection to the server, owned by one event loop: commands are written in the order they
 * are sent, and each reply goes to the oldest callback waiting. Everything but {@link #send} runs
 * on the loop; {@code send} from another thread is handed to it.
 *
 * <p>No command waits for a connection: while the connection is down, a command fails at once
 * with {@link RespUnavailable} (the binding pauses its client, see its backoff), and the
 * connection is being opened again, the attempts spaced by a pause doubling from the endpoint's
 * backoff minimum to its maximum. A lost connection fails the commands in flight; so does a reply
 * that does not come within the timeout, and the connection is then opened again (its replies
 * could no longer be matched to their commands).
 */
public final class RespConnection {
  /** Changed by {@link #retarget} only, on the loop. */
  private RespEndpoint endpoint;
  private final Bootstrap bootstrap;
  private final EventLoop loop;
  private final ArrayDeque<RespCallback> pending = new ArrayDeque<>();
  private final long timeoutNanos;
  // volatile for isOpen, read off the loop; written only when a connection is made or lost
  private volatile Channel channel;
  private boolean connecting;
  private boolean closed;
  private long reconnectPauseMillis;
  private RespCallback watched;
  private long watchedSince;

  private RespConnection(RespEndpoint endpoint, Bootstrap bootstrap, EventLoop loop, int flushEvery) {
    this.endpoint = endpoint;
    this.loop = loop;
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(endpoint.timeoutMillis());
    this.bootstrap = bootstrap.clone(loop).handler(new ChannelInitializer<Channel>() {
      @Override
      protected void initChannel(Channel ch) {
        if (flushEvery > 0) {
          ch.pipeline().addLast(new FlushConsolidationHandler(flushEvery, true));
        }
        ch.pipeline().addLast(new RespReplyDecoder(RespConnection.this::replied), new Events());
      }
    });
  }

  /**
   * Opens a connection on {@code loop} and waits for its hand-shake and a PING to be answered;
   * {@code flushEvery} &gt; 0 consolidates flushes (Netty's {@link FlushConsolidationHandler}: held
   * while replies are read, else after that many).
   *
   * @throws RuntimeException what the connection or its hand-shake failed with
   */
  static RespConnection open(RespEndpoint endpoint, Bootstrap bootstrap, EventLoop loop, long waitMillis,
                             int flushEvery) {
    RespConnection c = new RespConnection(endpoint, bootstrap, loop, flushEvery);
    CompletableFuture<Object> pong = new CompletableFuture<>();
    ChannelFuture connected = c.bootstrap.connect(endpoint.host(), endpoint.port());
    connected.addListener(f -> {
      if (!f.isSuccess()) {
        pong.completeExceptionally(f.cause());
        return;
      }
      c.ready(connected.channel(), pong::completeExceptionally);
      c.sendHere(RespWriter.command(c.alloc(), RespWriter.ascii("PING")), RespCallback.completing(pong));
    });
    try {
      pong.get(waitMillis, TimeUnit.MILLISECONDS);
      return c;
    } catch (java.util.concurrent.ExecutionException e) {
      c.close();
      throw e.getCause() instanceof RuntimeException r ? r : new RespUnavailable(e.getCause().getMessage(), e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      c.close();
      throw new RespUnavailable("no reply to PING from " + endpoint.address() + " within " + waitMillis + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      c.close();
      throw new RespUnavailable("interrupted while connecting to " + endpoint.address(), e);
    }
  }

  /** The loop that owns this connection: its replies are handled there, and sends from there go straight out. */
  /** Whether the connection is up now; read from any thread (the live metrics). */
  public boolean isOpen() {
    Channel c = channel;
    return c != null && c.isActive();
  }

  public EventLoop eventLoop() {
    return loop;
  }

  /** The allocator of the connection's buffers (pooled). */
  public ByteBufAllocator alloc() {
    return ByteBufAllocator.DEFAULT;
  }

  /**
   * Sends {@code command} (released here) and calls {@code callback} on the loop with its reply or
   * failure; from any thread.
   */
  public void send(ByteBuf command, RespCallback callback) {
    if (loop.inEventLoop()) {
      sendHere(command, callback);
    } else {
      loop.execute(() -> sendHere(command, callback));
    }
  }

  /**
   * Points this connection at another server (the primary a failover promoted): a connection to
   * the old one is dropped (its commands in flight fail) and the next attempt, at once if none is
   * due, goes to {@code to}. From any thread.
   */
  public void retarget(RespEndpoint to) {
    if (!loop.inEventLoop()) {
      loop.execute(() -> retarget(to));
      return;
    }
    if (closed || to.equals(endpoint)) {
      return;
    }
    RespEndpoint from = endpoint;
    endpoint = to;
    reconnectPauseMillis = 0;
    if (channel != null) {
      lost(new RespUnavailable("the primary moved from " + from.address() + " to " + to.address(), null));
    }
  }

  /** Closes the connection; commands in flight fail, and no reconnection follows. From any thread. */
  public void close() {
    if (!loop.inEventLoop()) {
      loop.execute(this::close);
      return;
    }
    if (closed) {
      return;
    }
    closed = true;
    Channel ch = channel;
    channel = null;
    failAll(new RespUnavailable("connection to " + endpoint.address() + " closed by the client", null));
    if (ch != null) {
      ch.close();
    }
  }

  private void sendHere(ByteBuf command, RespCallback callback) {
    Channel ch = channel;
    if (ch == null) {
      ReferenceCountUtil.release(command);
      if (!closed && !connecting) {
        scheduleReconnect();
      }
      callback.failed(new RespUnavailable(closed ? "connection to " + endpoint.address() + " closed"
          : "not connected to " + endpoint.address() + " (reconnecting)", null));
      return;
    }
    pending.add(callback);
    ch.writeAndFlush(command, ch.voidPromise());
  }

  /**
   * A connected channel: the hand-shake goes first (an error reply to it closes the connection and
   * is passed to {@code refused}), then commands may be sent.
   */
  private void ready(Channel ch, java.util.function.Consumer<Throwable> refused) {
    channel = ch;
    connecting = false;
    for (byte[][] c : endpoint.handshake()) {
      sendHere(RespWriter.command(alloc(), c[0], java.util.Arrays.copyOfRange(c, 1, c.length)), new RespCallback() {
        @Override
        public void reply(Object value) {
        }

        @Override
        public void failed(Throwable cause) {
          refused.accept(cause);
          if (cause instanceof RespErrorReply) {
            ch.close();
          }
        }
      });
    }
  }

  private void replied(Object value) {
    reconnectPauseMillis = 0;
    RespCallback callback = pending.poll();
    if (callback == null) {
      // a reply nobody asked for: the stream is out of step with the commands
      Channel ch = channel;
      if (ch != null) {
        ch.close();
      }
      return;
    }
    if (value instanceof RespErrorReply error) {
      callback.failed(error);
    } else {
      callback.reply(value);
    }
  }

  /** Called by the client's timer on this loop: fails the connection whose oldest command waited past the timeout. */
  void checkTimeout(long now) {
    RespCallback head = pending.peek();
    if (head == null) {
      watched = null;
    } else if (head != watched) {
      watched = head;
      watchedSince = now;
    } else if (now - watchedSince >= timeoutNanos) {
      watched = null;
      lost(new RespUnavailable("no reply from " + endpoint.address() + " within " + endpoint.timeoutMillis()
          + " ms (redis.timeout)", null));
    }
  }

  private void lost(RespUnavailable cause) {
    Channel ch = channel;
    channel = null;
    failAll(cause);
    if (ch != null) {
      ch.close();
    }
    if (!closed && !connecting) {
      scheduleReconnect();
    }
  }

  private void failAll(RespUnavailable cause) {
    RespCallback c;
    while ((c = pending.poll()) != null) {
      c.failed(cause);
    }
  }

  /**
   * The next attempt to connect: at once after a connection that had replies, else after a pause
   * doubling from the backoff minimum to its maximum (a server that refuses the hand-shake, or
   * one that is down, is not asked in a tight loop).
   */
  private void scheduleReconnect() {
    connecting = true;
    long pause = reconnectPauseMillis;
    reconnectPauseMillis = pause == 0 ? endpoint.backoffMinMillis() : Math.min(endpoint.backoffMaxMillis(), pause * 2);
    if (pause == 0) {
      connect();
    } else {
      loop.schedule(this::connect, pause, TimeUnit.MILLISECONDS);
    }
  }

  private void connect() {
    if (closed) {
      connecting = false;
      return;
    }
    ChannelFuture f = bootstrap.connect(endpoint.host(), endpoint.port());
    f.addListener(done -> {
      if (closed) {
        f.channel().close();
        connecting = false;
      } else if (done.isSuccess()) {
        ready(f.channel(), cause -> { });
      } else {
        scheduleReconnect();
      }
    });
  }

  /** The channel's end and failures, on the loop. */
  private final class Events extends ChannelInboundHandlerAdapter {
    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      if (ctx.channel() == channel) {
        lost(new RespUnavailable("connection to " + endpoint.address() + " lost", null));
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // a reset, a broken pipe or a reply that is not RESP: the connection cannot go on
      if (ctx.channel() == channel) {
        lost(new RespUnavailable("connection to " + endpoint.address() + " failed: " + cause.getMessage(), cause));
      }
      ctx.close();
    }
  }
}
