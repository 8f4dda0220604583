package My_Crate with SPARK_Mode is
   pragma Pure;

   function Version return String is ("0.1.0-dev");
end My_Crate;
