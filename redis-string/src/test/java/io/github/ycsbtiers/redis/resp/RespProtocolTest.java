package io.github.ycsbtiers.redis.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RESP2 as the binding's own client writes commands and reads replies, byte for byte. */
class RespProtocolTest {
  @Test
  void writesArraysOfBulkStrings() {
    assertEquals("*2\r\n$3\r\nGET\r\n$5\r\nuser1\r\n", text(RespWriter.command(ByteBufAllocator.DEFAULT,
        RespWriter.ascii("GET"), RespWriter.ascii("user1"))));
    byte[] value = new byte[100];
    java.util.Arrays.fill(value, (byte) 'v');
    assertEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$100\r\n" + "v".repeat(100) + "\r\n", text(RespWriter.command(
        ByteBufAllocator.DEFAULT, RespWriter.ascii("SET"), RespWriter.ascii("k"), value)));
    assertEquals("*4\r\n$5\r\nHMGET\r\n$1\r\nk\r\n$0\r\n\r\n$10\r\n0123456789\r\n", text(RespWriter.command(
        ByteBufAllocator.DEFAULT, RespWriter.ascii("HMGET"), new byte[][] {RespWriter.ascii("k"), new byte[0],
            RespWriter.ascii("0123456789")})));
  }

  @Test
  void readsEveryReplyType() {
    assertSame("OK", parse("+OK\r\n"));
    assertEquals("QUEUED", parse("+QUEUED\r\n"));
    assertEquals(-42L, parse(":-42\r\n"));
    assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), (byte[]) parse("$5\r\nhello\r\n"));
    assertArrayEquals(new byte[0], (byte[]) parse("$0\r\n\r\n"));
    RespErrorReply e = assertInstanceOf(RespErrorReply.class, parse("-WRONGTYPE Operation against a key\r\n"));
    assertEquals("WRONGTYPE Operation against a key", e.getMessage());
    List<?> array = (List<?>) parse("*4\r\n$1\r\na\r\n$-1\r\n:7\r\n*1\r\n+x\r\n");
    assertArrayEquals(new byte[] {'a'}, (byte[]) array.get(0));
    assertNull(array.get(1));
    assertEquals(7L, array.get(2));
    assertEquals(List.of("x"), array.get(3));
    assertEquals(List.of(), parse("*0\r\n"));
  }

  @Test
  void nilRepliesReachTheCallbackAsNull() {
    List<Object> got = new ArrayList<>();
    decode(got, "$-1\r\n*-1\r\n");
    assertEquals(2, got.size());
    assertNull(got.get(0));
    assertNull(got.get(1));
  }

  @Test
  void aReplySplitAtAnyByteWaitsForTheRest() {
    String replies = "$5\r\nhello\r\n*3\r\n$1\r\na\r\n$-1\r\n:12\r\n+OK\r\n-ERR no\r\n";
    for (int cut = 0; cut <= replies.length(); cut++) {
      List<Object> got = new ArrayList<>();
      RespReplyDecoderHarness h = new RespReplyDecoderHarness(got);
      h.feed(replies.substring(0, cut));
      h.feed(replies.substring(cut));
      assertEquals(4, got.size(), "cut at " + cut);
      assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), (byte[]) got.get(0), "cut at " + cut);
      assertEquals(3, ((List<?>) got.get(1)).size(), "cut at " + cut);
      assertSame("OK", got.get(2), "cut at " + cut);
      assertInstanceOf(RespErrorReply.class, got.get(3), "cut at " + cut);
    }
  }

  @Test
  void bytesThatAreNotRespAreRefused() {
    assertThrows(DecoderException.class, () -> parse("hello\r\n"));
    assertThrows(DecoderException.class, () -> parse(":12x\r\n"));
    assertThrows(DecoderException.class, () -> parse("$\r\n"));
  }

  private static Object parse(String reply) {
    ByteBuf in = Unpooled.copiedBuffer(reply, StandardCharsets.UTF_8);
    try {
      Object value = RespReplyDecoder.parse(in);
      assertEquals(0, in.readableBytes(), "bytes left after " + reply);
      return value;
    } finally {
      in.release();
    }
  }

  private static void decode(List<Object> got, String bytes) {
    new RespReplyDecoderHarness(got).feed(bytes);
  }

  private static String text(ByteBuf b) {
    try {
      return b.toString(StandardCharsets.UTF_8);
    } finally {
      b.release();
    }
  }

  /** The decoder in a channel of its own, fed as a socket would feed it. */
  private static final class RespReplyDecoderHarness {
    private final io.netty.channel.embedded.EmbeddedChannel channel;

    RespReplyDecoderHarness(List<Object> got) {
      channel = new io.netty.channel.embedded.EmbeddedChannel(new RespReplyDecoder(got::add));
    }

    void feed(String bytes) {
      channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.UTF_8));
    }
  }
}
