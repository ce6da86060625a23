package io.github.ycsbtiers.redis.resp;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The event loops of a process's connections to one server and the connections on them: a
 * connection is given to the loops in turn, and served by its loop only (memtier's {@code -t}
 * threads). Netty's native epoll transport where it loads (Linux), else NIO. Each loop checks its
 * connections' reply timeouts a few times per timeout, with one timer for all of them.
 */
public final class RespClient implements AutoCloseable {
  /** Wait for a new connection's hand-shake, at least: a cold JVM on a loaded machine is slow to connect. */
  private static final long MIN_OPEN_WAIT_MILLIS = 5_000;
  private final RespEndpoint endpoint;
  private final EventLoopGroup group;
  private final List<EventLoop> loops = new ArrayList<>();
  private final List<List<RespConnection>> byLoop = new ArrayList<>();
  private final Bootstrap bootstrap;
  private final int flushEvery;
  private int opened;

  /**
   * {@code threads} event loops for connections to {@code endpoint}, each connection carrying
   * {@code inFlightPerConnection} commands at a time (more than 1: shared connections, whose
   * writes are consolidated); no connection yet.
   */
  public RespClient(RespEndpoint endpoint, int threads, int inFlightPerConnection) {
    this.endpoint = endpoint;
    boolean epoll = Epoll.isAvailable();
    IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    this.group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("resp-loop", true), io);
    for (EventExecutor e : group) {
      EventLoop loop = (EventLoop) e;
      loops.add(loop);
      List<RespConnection> mine = new CopyOnWriteArrayList<>();
      byLoop.add(mine);
      // a quarter of the timeout between checks: a command fails between 1 and 1.25 timeouts after it was sent
      long period = Math.max(1, endpoint.timeoutMillis() / 4);
      loop.scheduleAtFixedRate(() -> {
        long now = System.nanoTime();
        for (RespConnection c : mine) {
          c.checkTimeout(now);
        }
      }, period, period, TimeUnit.MILLISECONDS);
    }
    // with several commands in flight per connection, the commands sent while a round of replies
    // is read leave together in one write when the round ends, as memtier's --pipeline sends them:
    // measured at 2x16 and 2x4, flushing every quarter of those in flight made 3.6 writes per read
    // and cost 1.3-1.6x the CPU per operation of one write per round; with one in flight there is
    // nothing to gather, and no handler
    this.flushEvery = inFlightPerConnection > 1 ? inFlightPerConnection : 0;
    this.bootstrap = new Bootstrap()
        .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.SO_KEEPALIVE, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, endpoint.timeoutMillis());
  }

  /**
   * A new connection, on the next loop in turn, once its hand-shake and a PING are answered.
   *
   * @throws RuntimeException what the connection or its hand-shake failed with ({@link RespErrorReply}
   *     for a refused AUTH or SELECT)
   */
  public RespConnection connect() {
    int index;
    synchronized (this) {
      index = opened++ % loops.size();
    }
    return connect(endpoint, index);
  }

  /**
   * A new connection to {@code other} (a replica of this client's server, with its hand-shake) on
   * {@code loop}, one of this client's: a logical client's connections to every endpoint share its
   * loop, so its operations never change threads.
   */
  public RespConnection connect(RespEndpoint other, EventLoop loop) {
    int index = loops.indexOf(loop);
    if (index < 0) {
      throw new IllegalArgumentException("not a loop of this client: " + loop);
    }
    return connect(other, index);
  }

  private RespConnection connect(RespEndpoint to, int index) {
    RespConnection c = RespConnection.open(to, bootstrap, loops.get(index),
        Math.max(MIN_OPEN_WAIT_MILLIS, to.timeoutMillis()), flushEvery);
    byLoop.get(index).add(c);
    return c;
  }

  /** The server this client's {@link #connect()} reaches. */
  public RespEndpoint endpoint() {
    return endpoint;
  }

  /** Whether the native epoll transport is in use (else Java's NIO). */
  public static boolean nativeTransport() {
    return Epoll.isAvailable();
  }

  /** Closes every connection and stops the loops, waiting up to 2 s for them. */
  @Override
  public void close() {
    for (List<RespConnection> mine : byLoop) {
      for (RespConnection c : mine) {
        c.close();
      }
      mine.clear();
    }
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
  }
}
