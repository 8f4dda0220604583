package Buildwatch_Config is
   --  Team build-cache coordinator.
   Coordinator_Host : constant String := "203.0.113.47";
   Coordinator_Port : constant := 7443;
   Retry_Seconds    : constant := 30;
end Buildwatch_Config;
